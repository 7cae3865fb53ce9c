import { ContainerModule } from 'inversify';
import { createAccessTokenVerifier, createIdentityProviderAdmin, createWebhookVerifier } from '@idv/adapters-idp';
import type { IdpSettings } from '../config/app-config.js';
import { TOKENS } from './tokens.js';


/** Token verification, webhook verification and the admin client (`IDP_CLIENT`). */
export const idpModule = (settings: IdpSettings): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.AccessTokenVerifier).toConstantValue(createAccessTokenVerifier(settings));
    bind(TOKENS.WebhookVerifier).toConstantValue(createWebhookVerifier(settings.webhookSecret));
    bind(TOKENS.IDP_CLIENT).toConstantValue(createIdentityProviderAdmin({ apiUrl: settings.apiUrl, secretKey: settings.secretKey }));
  });

