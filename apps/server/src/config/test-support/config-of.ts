import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../app-config.js';
import { loadConfig } from '../load-config.js';

/** Everything production requires besides the setting under test, so only that setting is judged. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  IDP_API_URL: 'https://api.provider.example',
  IDP_SECRET_KEY: 'sk_test_production',
  IDP_PUBLISHABLE_KEY: 'pk_test_Y2xlcmsuZXhhbXBsZS5jb20k',
  IDP_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
  INVITE_SECRET: 'i'.repeat(32),
  NATIONAL_ID_ENCRYPTION_KEY: 'n'.repeat(32),
};

/** The decoded configuration of `env`; throws the problems when it does not decode. */
export const configOf = (env: Readonly<Record<string, string>>): AppConfig => {
  const config = loadConfig(env);
  if (E.isLeft(config)) throw new Error(config.left.join('\n'));
  return config.right;
};

/** The problems `env` is refused for, sorted; none when it decodes. */
export const problemsOf = (env: Readonly<Record<string, string>>): readonly string[] => {
  const config = loadConfig(env);
  return E.isLeft(config) ? [...config.left].sort() : [];
};
