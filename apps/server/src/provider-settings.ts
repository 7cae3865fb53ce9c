import type { IdpEmulator } from '@idv/idp-emulator';
import type { Logger } from '@idv/core';
import type { AppConfig } from './config/app-config.js';
import type { IdpSettings } from './config/app-config.js';

/** The provider settings, and the emulator when the service started one. */
export interface ProviderSetup {
  readonly settings: IdpSettings;
  readonly emulator?: IdpEmulator;
}

/**
 * Uses the configured provider, or (development without a provider) starts the emulator
 * in-process and points its webhooks at this service.
 */
export const setUpProvider = async (config: AppConfig, servicePort: number, logger: Logger): Promise<ProviderSetup> => {
  if (config.idp.mode === 'external') return { settings: config.idp };
  // A development tool: loaded only here, so a production start never loads it (ARCHITECTURE §1).
  const { startIdpEmulator } = await import('@idv/idp-emulator');
  const emulator = await startIdpEmulator({
    port: config.idp.emulatorPort,
    webhookUrl: `http://127.0.0.1:${servicePort}/webhooks/idp`,
    authorizedParty: config.appUrl,
    logger,
  });
  return {
    emulator,
    settings: {
      apiUrl: emulator.url,
      secretKey: emulator.secretKey,
      publishableKey: emulator.publishableKey,
      webhookSecret: emulator.webhookSecret,
      authorizedParties: config.idp.authorizedParties,
    },
  };
};
