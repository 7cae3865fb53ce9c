import { SignJWT } from 'jose';
import { randomHex } from '../support/ids.js';
import type { SigningKey } from '../keys/key-ring.js';

/** The default session token lifetime (seconds). */
export const SESSION_TOKEN_LIFETIME_S = 60;

/** What a session token is minted from. */
export interface SessionTokenInput {
  readonly key: SigningKey;
  readonly issuer: string;
  readonly authorizedParty: string;
  readonly sessionId: string;
  readonly userId: string;
  readonly publicMetadata: Record<string, unknown>;
  readonly nowMs: number;
  readonly lifetimeSeconds?: number | undefined;
}

/** Mints a v2 session token (reference §3.2): RS256, `nbf = iat - 5`, plus `role` from `public_metadata.role`. */
export const mintSessionToken = (input: SessionTokenInput): Promise<string> => {
  const iat = Math.floor(input.nowMs / 1000);
  const role = input.publicMetadata['role'];
  return new SignJWT({
    azp: input.authorizedParty,
    exp: iat + (input.lifetimeSeconds ?? SESSION_TOKEN_LIFETIME_S),
    iat,
    iss: input.issuer,
    jti: randomHex(10),
    nbf: iat - 5,
    sid: input.sessionId,
    sts: 'active',
    sub: input.userId,
    v: 2,
    ...(typeof role === 'string' ? { role } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: input.key.kid, typ: 'JWT' })
    .sign(input.key.privateKey);
};
