import { ContainerModule } from 'inversify';
import { createAccessTokenVerifier, createIdentityProviderAdmin, createWebhookVerifier } from '@idv/adapters-idp';
import type { PrometheusMetrics } from '@idv/adapters-observability';
import type { IdpSettings } from '../config/app-config.js';
import { TOKENS } from './tokens.js';

/** Token verification, webhook verification and the admin client (`IDP_CLIENT`); JWKS fetches and admin calls counted when metrics are on. */
export const idpModule = (settings: IdpSettings, metrics?: PrometheusMetrics): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.AccessTokenVerifier).toConstantValue(
      createAccessTokenVerifier({ ...settings, ...(metrics === undefined ? {} : { onJwksFetch: (outcome) => metrics.jwksFetch(outcome) }) }),
    );
    bind(TOKENS.WebhookVerifier).toConstantValue(createWebhookVerifier(settings.webhookSecret));
    bind(TOKENS.IDP_CLIENT).toConstantValue(
      createIdentityProviderAdmin({
        apiUrl: settings.apiUrl,
        secretKey: settings.secretKey,
        ...(metrics === undefined ? {} : { onCall: (operation, outcome, seconds) => metrics.providerCall(operation, outcome, seconds) }),
      }),
    );
  });
