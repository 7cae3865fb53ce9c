import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { SignJWT, jwtVerify } from 'jose';
import { InvitationId, invalidInvitationToken } from '@idv/core';
import type { Clock, InvalidInvitationToken, InviteTokens, ReadInviteToken } from '@idv/core';
import { hashInviteToken } from './token-hash.js';

/** Options of {@link createInviteTokens}. */
export interface InviteTokensOptions {
  /** `INVITE_SECRET`: at least 32 characters; its UTF-8 bytes are the HMAC key. */
  readonly secret: string;
  /** Where `iat` comes from; the system clock by default. */
  readonly clock?: Clock;
}

/** The `typ` header of an invitation token: no other JWT of ours carries it. */
export const INVITE_TOKEN_TYPE = 'idv-invitation+jwt';
/** The `aud` claim of an invitation token, so no other HS256 token can be replayed as one. */
export const INVITE_TOKEN_AUDIENCE = 'urn:idv:invitation';

// A real token is about 250 characters; anything far longer is refused before jose parses it.
const MAX_TOKEN_LENGTH = 512;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
// 128 random bits, base64url without padding.
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const HEADER_KEYS = 'alg,typ';
const CLAIM_KEYS = 'aud,iat,jti,sub';

const sameKeys = (record: object, expected: string): boolean => Object.keys(record).sort().join(',') === expected;

const systemClock: Clock = { now: () => new Date() };

/**
 * Invitation tokens as compact JWS (HS256 with `INVITE_SECRET`): `sub` is the invitation id,
 * `jti` a 128-bit nonce, `iat` the issue time, with a fixed `typ` and `aud`. The token has no `exp`
 * on purpose: validity is the invitation row's business (status, `expiresAt`, and the current
 * `tokenHash`, which a resend replaces), so there is one clock to trust, not two that can disagree.
 * `read` checks the signature and the exact header and claim sets, and answers Left
 * `InvalidInvitationToken` for anything else.
 *
 * @example
 * const tokens = createInviteTokens({ secret: config.inviteSecret });
 * const { token, tokenHash } = await tokens.issue(invitationId);
 */
export const createInviteTokens = ({ secret, clock = systemClock }: InviteTokensOptions): InviteTokens => {
  if (secret.length < 32) throw new Error('INVITE_SECRET must be at least 32 characters');
  const key = new TextEncoder().encode(secret);

  const issue = async (invitationId: InvitationId) => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: INVITE_TOKEN_TYPE })
      .setSubject(invitationId)
      .setAudience(INVITE_TOKEN_AUDIENCE)
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt(clock.now())
      .sign(key);
    return { token, tokenHash: hashInviteToken(token) };
  };

  const read = async (token: string): Promise<E.Either<InvalidInvitationToken, ReadInviteToken>> => {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) return E.left(invalidInvitationToken());
    try {
      const { payload, protectedHeader } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        typ: INVITE_TOKEN_TYPE,
        audience: INVITE_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'jti', 'iat'],
      });
      const invitationId = InvitationId.decode(payload.sub);
      const wellFormed =
        sameKeys(protectedHeader, HEADER_KEYS) &&
        sameKeys(payload, CLAIM_KEYS) &&
        payload.aud === INVITE_TOKEN_AUDIENCE &&
        typeof payload.jti === 'string' &&
        NONCE.test(payload.jti) &&
        Number.isSafeInteger(payload.iat);
      if (!wellFormed || E.isLeft(invitationId)) return E.left(invalidInvitationToken());
      return E.right({ invitationId: invitationId.right, tokenHash: hashInviteToken(token) });
    } catch {
      // jose's errors (bad signature, wrong alg or typ or aud, malformed) all mean "not ours".
      return E.left(invalidInvitationToken());
    }
  };

  return { issue, read };
};
