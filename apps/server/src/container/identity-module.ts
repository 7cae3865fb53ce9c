import { ContainerModule } from 'inversify';
import { identityArea } from '@idv/core';
import type { AppConfig } from '../config/app-config.js';
import { resolveArea } from './bind-area.js';
import { TOKENS } from './tokens.js';

/** The identity area: authentication, provider webhooks, `/users/me`, self-deletion, national IDs. */
export const identityModule = (config: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.TestAuthBypass).toConstantValue(config.testAuthBypass);
    bind(TOKENS.IdentityArea).toResolvedValue(
      ...resolveArea(identityArea, {
        users: TOKENS.Users,
        callers: TOKENS.Callers,
        memberships: TOKENS.Memberships,
        invitations: TOKENS.Invitations,
        auditLog: TOKENS.AuditLog,
        nationalIds: TOKENS.NationalIds,
        nationalIdVault: TOKENS.NationalIdVault,
        unitOfWork: TOKENS.UnitOfWork,
        idpAdmin: TOKENS.IDP_CLIENT,
        verifier: TOKENS.AccessTokenVerifier,
        webhookVerifier: TOKENS.WebhookVerifier,
        webhookMetrics: TOKENS.WebhookMetrics,
        analytics: TOKENS.Analytics,
        logger: TOKENS.Logger,
        organizations: TOKENS.Organizations,
        devices: TOKENS.Devices,
        notifications: TOKENS.Notifications,
        background: TOKENS.BackgroundTasks,
        errorTracker: TOKENS.ErrorTracker,
        clock: TOKENS.Clock,
        ids: TOKENS.IdGenerator,
        testAuthBypass: TOKENS.TestAuthBypass,
      }),
    );
  });
