import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { EndpointSecretVault } from '../ports/endpoint-secret-vault.js';
import type { EventDeliveries } from '../ports/event-deliveries.js';
import type { EventLog } from '../ports/event-log.js';
import type { EndpointUrlPolicy } from '../ports/event-sender.js';
import type { WebhookEndpoints } from '../ports/webhook-endpoints.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { webhookEndpointNotFound, type WebhookEndpointNotFound } from '../events.errors.js';
import type { WebhookEndpoint } from '../webhook-endpoint.js';

/** Ports the endpoint, delivery and feed use cases share. */
export interface EndpointDeps extends AuthorizeDeps {
  readonly webhookEndpoints: WebhookEndpoints;
  readonly eventDeliveries: EventDeliveries;
  readonly eventLog: EventLog;
  readonly endpointUrlPolicy: EndpointUrlPolicy;
  readonly endpointSecretVault: EndpointSecretVault;
  readonly jobQueue: JobQueue;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** The caller holds `integrations.manage` in the organization (owner, admin). */
export const authorizeIntegrations =
  (deps: EndpointDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<AuthorizationError, unknown> =>
    authorize(deps)(caller, organizationId, 'integrations.manage');

/** After `integrations.manage`: the organization's endpoint, or `WebhookEndpointNotFound`. */
export const managedEndpoint =
  (deps: EndpointDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    endpointId: string,
  ): TE.TaskEither<AuthorizationError | WebhookEndpointNotFound, WebhookEndpoint> =>
    pipe(
      authorizeIntegrations(deps)(caller, organizationId),
      TE.flatMap(
        (): TE.TaskEither<WebhookEndpointNotFound, WebhookEndpoint> => async () =>
          E.fromOption(webhookEndpointNotFound)(O.flatten(O.some(await deps.webhookEndpoints.find(organizationId, endpointId)))),
      ),
    );
