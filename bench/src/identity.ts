import { randomBytes } from 'node:crypto';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { buildPublishableKey } from '@idv/idp-emulator';

/** The provider as the bench plays it: one RSA signing key and every secret production mode requires. */
export interface BenchIdentity {
  /** SPKI PEM of the token signing key (`IDP_JWT_KEY`: verification with no network). */
  readonly publicKeyPem: string;
  /** PKCS#8 PEM of the token signing key (stays in the bench). */
  readonly privateKeyPem: string;
  readonly kid: string;
  readonly publishableKey: string;
  /** `https://{frontend API}`, the issuer the publishable key implies. */
  readonly issuer: string;
  readonly secretKey: string;
  /** `whsec_` + base64 of 32 random bytes. */
  readonly webhookSecret: string;
  readonly inviteSecret: string;
  readonly nationalIdEncryptionKey: string;
  /** The `azp` every token carries. */
  readonly authorizedParty: string;
}

const FRONTEND_API = 'clerk.bench.example.com';

/** Generates a fresh identity (RSA-2048 with jose). */
export const createIdentity = async (): Promise<BenchIdentity> => {
  const keys = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  return {
    publicKeyPem: await exportSPKI(keys.publicKey),
    privateKeyPem: await exportPKCS8(keys.privateKey),
    kid: 'ins_bench',
    publishableKey: buildPublishableKey(FRONTEND_API),
    issuer: `https://${FRONTEND_API}`,
    secretKey: `sk_test_${randomBytes(16).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
    inviteSecret: randomBytes(32).toString('base64url'),
    nationalIdEncryptionKey: randomBytes(32).toString('base64url'),
    authorizedParty: 'http://localhost:3000',
  };
};

/** The provider variables the service needs in production mode (`apps/server/src/config/load-config.ts`). */
export const providerEnv = (identity: BenchIdentity, apiUrl: string): Record<string, string> => ({
  IDP_API_URL: apiUrl,
  IDP_SECRET_KEY: identity.secretKey,
  IDP_PUBLISHABLE_KEY: identity.publishableKey,
  IDP_WEBHOOK_SECRET: identity.webhookSecret,
  IDP_JWT_KEY: identity.publicKeyPem,
  INVITE_SECRET: identity.inviteSecret,
  NATIONAL_ID_ENCRYPTION_KEY: identity.nationalIdEncryptionKey,
  // The bench drives every request from one address: the public limiter still counts each one (its
  // cost is measured), with a budget no window reaches.
  PUBLIC_RATE_LIMIT_POINTS: '1000000',
});
