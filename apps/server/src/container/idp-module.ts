import { ContainerModule } from 'inversify';
import { createAccessTokenVerifier, createIdentityProviderAdmin, createWebhookVerifier } from '@idv/adapters-idp';
import type { IdpSettings } from '../config/app-config.js';
import type { Observability } from '../observability/observability.js';
import { TOKENS } from './tokens.js';

// An answer of the admin API that is not a 5xx means the provider is there again.
const ANSWERED = new Set(['1xx', '2xx', '3xx', '4xx']);

/**
 * Token verification, webhook verification and the admin client (`IDP_CLIENT`); JWKS fetches and
 * admin calls counted when metrics are on; an answer of the admin API ends a provider incident.
 */
export const idpModule = (settings: IdpSettings, { metrics, incidents }: Pick<Observability, 'metrics' | 'incidents'>): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.AccessTokenVerifier).toConstantValue(
      createAccessTokenVerifier({
        ...settings,
        ...(metrics === undefined ? {} : { onJwksFetch: (outcome) => metrics.jwksFetch(outcome) }),
      }),
    );
    bind(TOKENS.WebhookVerifier).toConstantValue(createWebhookVerifier(settings.webhookSecret));
    bind(TOKENS.IDP_CLIENT).toConstantValue(
      createIdentityProviderAdmin({
        apiUrl: settings.apiUrl,
        secretKey: settings.secretKey,
        onCall: (operation, outcome, seconds) => {
          metrics?.providerCall(operation, outcome, seconds);
          if (ANSWERED.has(outcome)) incidents.answered('provider-unavailable');
        },
      }),
    );
  });
