import { ContainerModule } from 'inversify';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import {
  authenticateRequest,
  deleteSelf,
  getMe,
  handleIdpWebhook,
  type HandleIdpWebhookDeps,
} from '@idv/core';
import { createHttpApp, type HttpServices } from '@idv/adapters-http';
import type { AppConfig } from '../config/app-config.js';
import { TOKENS } from './tokens.js';

/** The use cases, bound to their ports, and the HTTP app that serves them. */
export const applicationModule = (config: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(config);
    bind(TOKENS.HttpServices).toResolvedValue(
      (users, memberships, unitOfWork, idpAdmin, verifier, webhookVerifier, analytics, logger, errorTracker, clock, ids, readiness): HttpServices => {
        const deps: HandleIdpWebhookDeps = {
          users, memberships, unitOfWork, idpAdmin, webhookVerifier, analytics, logger, errorTracker, clock, ids,
          // Until the organizations wiring binds Invitations and AuditLog, no invitation is ever pending.
          acceptPendingInvitations: () => TE.right({ accepted: 0 }),
        };
        return {
          authenticateRequest: authenticateRequest({ verifier, users, errorTracker, testAuthBypass: config.testAuthBypass }),
          handleIdpWebhook: handleIdpWebhook(deps),
          getMe: getMe(deps),
          // HttpServices.deleteSelf cannot carry OwnerMustTransferOwnership yet: until it does, the refusal is a defect.
          deleteSelf: (input) => pipe(deleteSelf(deps)(input), TE.orElse((refusal) => TE.fromTask(() => Promise.reject(new Error(refusal.message))))),
          checkReadiness: readiness,
        };
      },
      [
        TOKENS.Users, TOKENS.Memberships, TOKENS.UnitOfWork, TOKENS.IDP_CLIENT, TOKENS.AccessTokenVerifier, TOKENS.WebhookVerifier,
        TOKENS.Analytics, TOKENS.Logger, TOKENS.ErrorTracker, TOKENS.Clock, TOKENS.IdGenerator, TOKENS.ReadinessCheck,
      ],
    );
    bind(TOKENS.HttpApp).toResolvedValue(
      // No persistence RequestContext per request: the repositories need no identity map (issue #7).
      (services, logger, errorTracker, errorTrackingScope) => createHttpApp({ services, logger, errorTracker, requestScope: errorTrackingScope }),
      [TOKENS.HttpServices, TOKENS.Logger, TOKENS.ErrorTracker, TOKENS.ErrorTrackingScope],
    );
  });
