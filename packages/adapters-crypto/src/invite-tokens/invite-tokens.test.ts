import test from 'ava';
import { generateKeyPairSync } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import type { JWTPayload } from 'jose';
import type { InvitationId } from '@idv/core';
import { INVITE_TOKEN_AUDIENCE, INVITE_TOKEN_TYPE, createInviteTokens } from './invite-tokens.js';
import { hashInviteToken } from './token-hash.js';

const SECRET = 'invite-secret-for-tests-0123456789abcdef';
const INVITATION = '0b9f7a52-6c1e-4d3a-9f4e-2a7c1d5e8b10' as InvitationId;
const OTHER_INVITATION = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e' as InvitationId;
const FIXED_NOW = new Date('2025-01-02T03:04:05Z');

const tokens = createInviteTokens({ secret: SECRET, clock: { now: () => FIXED_NOW } });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const validClaims = (): JWTPayload => ({ sub: INVITATION, aud: INVITE_TOKEN_AUDIENCE, jti: 'AAAAAAAAAAAAAAAAAAAAAA', iat: 1_735_787_045 });
const signHs256 = (claims: JWTPayload, header: Record<string, unknown> = {}, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: INVITE_TOKEN_TYPE, ...header }).sign(new TextEncoder().encode(secret));

const tagOf = (result: E.Either<{ _tag: string }, unknown>) => (E.isLeft(result) ? result.left._tag : 'Right');
const assertRejected = async (t: { is: (a: unknown, b: unknown) => void }, token: string) =>
  t.is(tagOf(await tokens.read(token)), 'InvalidInvitationToken');

test('a token issued for an invitation reads back to its id and the same hash', async (t) => {
  const issued = await tokens.issue(INVITATION);
  t.deepEqual(await tokens.read(issued.token), E.right({ invitationId: INVITATION, tokenHash: issued.tokenHash }));
  t.is(issued.tokenHash, hashInviteToken(issued.token));
  t.regex(issued.tokenHash, /^[A-Za-z0-9_-]{43}$/);
});

test('the token carries the id, a 128-bit nonce, iat, a fixed typ and aud, and no exp (the row expires, not the token)', async (t) => {
  const { token } = await tokens.issue(INVITATION);
  t.deepEqual(decodeProtectedHeader(token), { alg: 'HS256', typ: INVITE_TOKEN_TYPE });
  const claims = decodeJwt(token);
  t.deepEqual(Object.keys(claims).sort(), ['aud', 'iat', 'jti', 'sub']);
  t.is(claims.sub, INVITATION);
  t.is(claims.aud, INVITE_TOKEN_AUDIENCE);
  t.is(claims.iat, FIXED_NOW.getTime() / 1000);
  t.is(Buffer.from(String(claims.jti), 'base64url').length, 16);
});

test('a resend issues a token with a different hash while the old token still reads (core rejects it by hash)', async (t) => {
  const first = await tokens.issue(INVITATION);
  const resent = await tokens.issue(INVITATION);
  t.not(first.token, resent.token);
  t.not(first.tokenHash, resent.tokenHash);
  t.deepEqual(await tokens.read(first.token), E.right({ invitationId: INVITATION, tokenHash: first.tokenHash }));
});

test('a tampered header, payload or signature is an invalid invitation token', async (t) => {
  const { token } = await tokens.issue(INVITATION);
  const [header, payload, signature] = token.split('.') as [string, string, string];
  await assertRejected(t, [b64({ alg: 'HS256', typ: 'JWT' }), payload, signature].join('.'));
  await assertRejected(t, [header, b64({ ...decodeJwt(token), sub: OTHER_INVITATION }), signature].join('.'));
  // The first character: the last one of a base64url HMAC carries padding bits that may not change the bytes.
  await assertRejected(t, [header, payload, (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1)].join('.'));
});

test('a token signed with another secret is an invalid invitation token', async (t) => {
  const other = createInviteTokens({ secret: 'another-secret-of-at-least-32-characters!' });
  await assertRejected(t, (await other.issue(INVITATION)).token);
});

test('an unsigned token (alg none) is an invalid invitation token', async (t) => {
  await assertRejected(t, `${b64({ alg: 'none', typ: INVITE_TOKEN_TYPE })}.${b64(validClaims())}.`);
  await assertRejected(t, `${b64({ alg: 'none', typ: INVITE_TOKEN_TYPE })}.${b64(validClaims())}.c2ln`);
});

test('an RS256 token with the right claims is an invalid invitation token', async (t) => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const token = await new SignJWT(validClaims()).setProtectedHeader({ alg: 'RS256', typ: INVITE_TOKEN_TYPE }).sign(privateKey);
  await assertRejected(t, token);
});

test('our own HS256 signature with another aud, typ or claim set is an invalid invitation token', async (t) => {
  t.is(tagOf(await tokens.read(await signHs256(validClaims()))), 'Right');
  await assertRejected(t, await signHs256({ ...validClaims(), aud: 'urn:idv:session' }));
  await assertRejected(t, await signHs256({ ...validClaims(), aud: [INVITE_TOKEN_AUDIENCE, 'urn:idv:session'] }));
  await assertRejected(t, await signHs256(validClaims(), { typ: 'JWT' }));
  await assertRejected(t, await signHs256({ ...validClaims(), role: 'owner' }));
  await assertRejected(t, await signHs256({ ...validClaims(), sub: 'not-a-uuid' }));
  await assertRejected(t, await signHs256({ ...validClaims(), jti: 'short' }));
  const { jti: _jti, ...withoutNonce } = validClaims();
  await assertRejected(t, await signHs256(withoutNonce));
});

test('garbage, an empty string and a 100 KB token are invalid invitation tokens', async (t) => {
  for (const garbage of ['', 'garbage', 'a.b', 'a.b.c', '...', 'é.é.é', '{"sub":"x"}']) await assertRejected(t, garbage);
  const { token } = await tokens.issue(INVITATION);
  const [header, , signature] = token.split('.') as [string, string, string];
  await assertRejected(t, [header, 'A'.repeat(100_000), signature].join('.'));
});

test('a secret shorter than 32 characters is refused at construction, without echoing it', (t) => {
  const error = t.throws(() => createInviteTokens({ secret: 'short-secret' }));
  t.false(error?.message.includes('short-secret'));
});
