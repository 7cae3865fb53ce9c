import { ContainerModule } from 'inversify';
import { createAccessTokenVerifier, createIdentityProviderAdmin, createWebhookVerifier } from '@idv/adapters-idp';
import { TOKENS } from './tokens.js';

/** The provider settings the service runs with, whether the provider is real or emulated. */
export interface IdpSettings {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly jwtKey?: string;
  readonly authorizedParties: readonly string[];
}

/** Token verification, webhook verification and the admin client (`IDP_CLIENT`). */
export const idpModule = (settings: IdpSettings): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.AccessTokenVerifier).toConstantValue(createAccessTokenVerifier(settings));
    bind(TOKENS.WebhookVerifier).toConstantValue(createWebhookVerifier(settings.webhookSecret));
    bind(TOKENS.IDP_CLIENT).toConstantValue(createIdentityProviderAdmin({ apiUrl: settings.apiUrl, secretKey: settings.secretKey }));
  });

