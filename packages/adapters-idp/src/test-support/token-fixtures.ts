import { SignJWT, exportJWK, exportSPKI, generateKeyPair } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';

/** The frontend API host behind the test publishable key. */
export const FRONTEND_API = 'example-app-12.clerk.accounts.dev';
/** `pk_test_` + base64(`example-app-12.clerk.accounts.dev$`), from the provider reference. */
export const PUBLISHABLE_KEY = 'pk_test_ZXhhbXBsZS1hcHAtMTIuY2xlcmsuYWNjb3VudHMuZGV2JA';
/** The issuer every valid test token carries. */
export const ISSUER = `https://${FRONTEND_API}`;
/** The JWKS bearer secret the local server accepts. */
export const SECRET_KEY = 'sk_test_jwks_secret_0123456789';

/** An RSA signing key with its public JWK (carrying `kid`) and SPKI PEM. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  readonly publicPem: string;
}

/** Generates an RS256 key pair (2048 bits) for `kid`. */
export const signingKey = async (kid: string): Promise<SigningKey> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    publicPem: await exportSPKI(publicKey),
  };
};

/** Seconds since the epoch. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The claims of a fresh, valid 60 s session token (override or drop with `undefined`). */
export const sessionClaims = (overrides: Record<string, unknown> = {}): JWTPayload => {
  const now = nowSeconds();
  const claims: Record<string, unknown> = {
    iss: ISSUER,
    sub: 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S',
    sid: 'sess_2g7np7Hrk0SN6kj5EDMLDaKNL0S',
    azp: 'http://localhost:3000',
    iat: now,
    nbf: now - 5,
    exp: now + 60,
    v: 2,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
};

/** Signs claims with `key` (header `{ alg: RS256, kid, typ: JWT }` unless overridden). */
export const signToken = (key: SigningKey, claims: JWTPayload = sessionClaims(), header: Record<string, unknown> = {}): Promise<string> =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT', ...header }).sign(key.privateKey);

/** base64url of a JSON value, for hand-built tokens. */
export const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
