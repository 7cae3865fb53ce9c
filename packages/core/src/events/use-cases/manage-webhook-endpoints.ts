import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { AuthorizationError } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { endpointUrlRefused, webhookEndpointNotFound, type EndpointUrlRefused, type WebhookEndpointNotFound } from '../events.errors.js';
import type { WebhookEndpoint, WebhookEndpointChanges } from '../webhook-endpoint.js';
import type { CreatedWebhookEndpoint } from './create-webhook-endpoint.js';
import { authorizeIntegrations, managedEndpoint, type EndpointDeps } from './endpoint-deps.js';

/** How long the secret before a rotation still signs (Standard Webhooks: both are sent meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** What reading, changing or deleting one endpoint can answer. */
export type EndpointError = AuthorizationError | WebhookEndpointNotFound;

/** An organization's endpoints, oldest first (`integrations.manage`). */
export const listWebhookEndpoints =
  (deps: EndpointDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, page: PageRequest): TE.TaskEither<AuthorizationError, Page<WebhookEndpoint>> =>
    pipe(
      authorizeIntegrations(deps)(caller, organizationId),
      TE.flatMap(() => fromPort(() => deps.webhookEndpoints.list(organizationId, page))),
    );

/** One endpoint of the organization (`integrations.manage`). */
export const getWebhookEndpoint = (deps: EndpointDeps) => managedEndpoint(deps);

/**
 * Changes an endpoint's URL (checked by the address policy), event types, description or
 * `enabled` (`integrations.manage`); enabling clears the service's disabling and failing streak.
 */
export const updateWebhookEndpoint =
  (deps: EndpointDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    endpointId: string,
    changes: WebhookEndpointChanges,
  ): TE.TaskEither<EndpointError | EndpointUrlRefused, WebhookEndpoint> =>
    pipe(
      managedEndpoint(deps)(caller, organizationId, endpointId),
      TE.flatMap((): TE.TaskEither<EndpointUrlRefused | WebhookEndpointNotFound, WebhookEndpoint> => async () => {
        const refusal = changes.url === undefined ? undefined : await deps.endpointUrlPolicy.check(changes.url);
        if (refusal !== undefined) return E.left(endpointUrlRefused(refusal));
        const updated = await deps.webhookEndpoints.update(organizationId, endpointId, changes, deps.clock.now());
        return E.fromOption(webhookEndpointNotFound)(updated);
      }),
    );

/** Deletes an endpoint and its delivery log (`integrations.manage`). */
export const deleteWebhookEndpoint =
  (deps: EndpointDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, endpointId: string): TE.TaskEither<EndpointError, void> =>
    pipe(
      authorizeIntegrations(deps)(caller, organizationId),
      TE.flatMap(
        (): TE.TaskEither<WebhookEndpointNotFound, void> => async () =>
          (await deps.webhookEndpoints.remove(organizationId, endpointId)) ? E.right(undefined) : E.left(webhookEndpointNotFound()),
      ),
    );

/**
 * Gives an endpoint a new secret, answered this once; the old one keeps signing beside it for 24 h
 * (both signatures sent, space-separated), so receivers can switch without losing an event.
 */
export const rotateEndpointSecret =
  (deps: EndpointDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, endpointId: string): TE.TaskEither<EndpointError, CreatedWebhookEndpoint> =>
    pipe(
      managedEndpoint(deps)(caller, organizationId, endpointId),
      TE.flatMap((): TE.TaskEither<WebhookEndpointNotFound, CreatedWebhookEndpoint> => async () => {
        const secret = deps.endpointSecretVault.generate();
        const sealed = await deps.endpointSecretVault.seal(endpointId, secret);
        const now = deps.clock.now();
        const rotated = await deps.webhookEndpoints.rotateSecret(
          organizationId,
          endpointId,
          sealed,
          new Date(now.getTime() + ROTATION_OVERLAP_MS),
          now,
        );
        return O.isNone(rotated) ? E.left(webhookEndpointNotFound()) : E.right({ endpoint: rotated.value, secret });
      }),
    );
