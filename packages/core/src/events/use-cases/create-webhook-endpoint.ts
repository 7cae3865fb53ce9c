import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { AuthorizationError } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { EventType } from '../catalogue.js';
import {
  endpointUrlRefused,
  webhookSecretsUnavailable,
  type EndpointUrlRefused,
  type WebhookSecretsUnavailable,
} from '../events.errors.js';
import type { WebhookEndpoint } from '../webhook-endpoint.js';
import { authorizeIntegrations, type EndpointDeps } from './endpoint-deps.js';

/** What an owner gives to create an endpoint. */
export interface NewWebhookEndpoint {
  readonly url: string;
  /** Empty or absent: every event type. */
  readonly eventTypes?: readonly EventType[];
  readonly description?: string | null;
  readonly enabled?: boolean;
}

/** The new endpoint and its signing secret, shown this once. */
export interface CreatedWebhookEndpoint {
  readonly endpoint: WebhookEndpoint;
  readonly secret: string;
}

/** What creating an endpoint can answer. */
export type CreateWebhookEndpointError = AuthorizationError | EndpointUrlRefused | WebhookSecretsUnavailable;

/**
 * Creates a webhook endpoint (`integrations.manage`): its URL checked by the address policy now
 * (and again at every delivery), a new `whsec_…` secret sealed at rest and answered this once.
 *
 * @example
 * await createWebhookEndpoint(deps)(request.auth, orgId, { url: 'https://crm.example.com/hooks' })(); // Right({ endpoint, secret: 'whsec_…' })
 */
export const createWebhookEndpoint =
  (deps: EndpointDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    input: NewWebhookEndpoint,
  ): TE.TaskEither<CreateWebhookEndpointError, CreatedWebhookEndpoint> =>
    pipe(
      authorizeIntegrations(deps)(caller, organizationId),
      TE.flatMap((): TE.TaskEither<EndpointUrlRefused | WebhookSecretsUnavailable, CreatedWebhookEndpoint> => async () => {
        const unavailable = deps.endpointSecretVault.unavailable;
        if (unavailable !== undefined) return E.left(webhookSecretsUnavailable(unavailable));
        const refusal = await deps.endpointUrlPolicy.check(input.url);
        if (refusal !== undefined) return E.left(endpointUrlRefused(refusal));
        const id = deps.ids.uuid();
        const secret = deps.endpointSecretVault.generate();
        const now = deps.clock.now();
        const endpoint: WebhookEndpoint = {
          id,
          organizationId,
          url: input.url,
          eventTypes: input.eventTypes ?? [],
          description: input.description ?? null,
          enabled: input.enabled ?? true,
          disabledReason: null,
          secret: await deps.endpointSecretVault.seal(id, secret),
          previousSecret: null,
          previousSecretExpiresAt: null,
          failingSince: null,
          createdAt: now,
          updatedAt: now,
        };
        await deps.webhookEndpoints.create(endpoint);
        return E.right({ endpoint, secret });
      }),
    );
