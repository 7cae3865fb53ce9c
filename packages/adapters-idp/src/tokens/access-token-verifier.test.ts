import anyTest from 'ava';
import { createSign, KeyObject } from 'node:crypto';
import type { ExecutionContext, TestFn } from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { SignJWT } from 'jose';
import type { AccessTokenVerifier } from '@idv/core';
import { createAccessTokenVerifier } from './access-token-verifier.js';
import { startJwksServer } from '../test-support/jwks-server.js';
import type { JwksServer } from '../test-support/jwks-server.js';
import { PUBLISHABLE_KEY, SECRET_KEY, b64url, nowSeconds, sessionClaims, signToken, signingKey } from '../test-support/token-fixtures.js';
import type { SigningKey } from '../test-support/token-fixtures.js';

interface Context {
  key: SigningKey;
  impostor: SigningKey;
  jwks: JwksServer;
  verifier: AccessTokenVerifier;
  restricted: AccessTokenVerifier;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const key = await signingKey('ins_test_1');
  // Same kid, different key pair: what an attacker who guesses the kid can sign with.
  const impostor = await signingKey('ins_test_1');
  const jwks = await startJwksServer(SECRET_KEY, [key.publicJwk]);
  const base = { publishableKey: PUBLISHABLE_KEY, apiUrl: jwks.url, secretKey: SECRET_KEY };
  t.context = {
    key,
    impostor,
    jwks,
    verifier: createAccessTokenVerifier(base),
    restricted: createAccessTokenVerifier({ ...base, authorizedParties: ['https://app.example.com'] }),
  };
});
test.after.always(async (t) => t.context.jwks.close());

const rejects = async (t: ExecutionContext<Context>, token: string, reason: string, verifier = t.context.verifier) => {
  const result = await verifier.verify(token);
  t.true(E.isLeft(result));
  if (E.isLeft(result)) {
    t.is(result.left._tag, 'Unauthenticated');
    t.is(result.left.reason, reason);
    t.false(result.left.reason.includes(token));
  }
};

test('a valid session token yields subject, session id and role', async (t) => {
  const token = await signToken(t.context.key, sessionClaims({ role: 'platform_admin' }));
  t.deepEqual(
    await t.context.verifier.verify(token),
    E.right({ subject: 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S', sessionId: 'sess_2g7np7Hrk0SN6kj5EDMLDaKNL0S', role: 'platform_admin' }),
  );
});

test('a non-string role claim is left out', async (t) => {
  const token = await signToken(t.context.key, sessionClaims({ role: ['admin'] }));
  const result = await t.context.verifier.verify(token);
  t.true(E.isRight(result) && !('role' in result.right));
});

test('a token expired beyond the 5 s skew is rejected', async (t) => {
  const now = nowSeconds();
  await rejects(t, await signToken(t.context.key, sessionClaims({ iat: now - 70, nbf: now - 75, exp: now - 10 })), 'token-expired');
});

test('a token expired within the 5 s skew is accepted', async (t) => {
  const now = nowSeconds();
  const token = await signToken(t.context.key, sessionClaims({ iat: now - 61, nbf: now - 66, exp: now - 1 }));
  t.true(E.isRight(await t.context.verifier.verify(token)));
});

test('nbf in the future beyond the skew is rejected', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims({ nbf: nowSeconds() + 30 })), 'token-not-active-yet');
});

test('iat in the future beyond the skew is rejected', async (t) => {
  const now = nowSeconds();
  const token = await signToken(t.context.key, sessionClaims({ iat: now + 30, nbf: undefined, exp: now + 90 }));
  await rejects(t, token, 'token-iat-in-the-future');
});

test('a token from another issuer is rejected', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims({ iss: 'https://evil.example.com' })), 'token-invalid-issuer');
});

test('with authorized parties, a token without azp is rejected', async (t) => {
  const token = await signToken(t.context.key, sessionClaims({ azp: undefined }));
  await rejects(t, token, 'token-invalid-authorized-parties', t.context.restricted);
});

test('with authorized parties, an unlisted azp is rejected', async (t) => {
  const token = await signToken(t.context.key, sessionClaims({ azp: 'https://evil.example.com' }));
  await rejects(t, token, 'token-invalid-authorized-parties', t.context.restricted);
});

test('with authorized parties, a listed azp is accepted', async (t) => {
  const token = await signToken(t.context.key, sessionClaims({ azp: 'https://app.example.com' }));
  t.true(E.isRight(await t.context.restricted.verify(token)));
});

test('without authorized parties, azp is not required', async (t) => {
  t.true(E.isRight(await t.context.verifier.verify(await signToken(t.context.key, sessionClaims({ azp: undefined })))));
});

test('an unsigned alg:none token is rejected', async (t) => {
  const unsigned = `${b64url({ alg: 'none', typ: 'JWT', kid: t.context.key.kid })}.${b64url(sessionClaims())}.`;
  await rejects(t, unsigned, 'token-malformed');
  await rejects(t, `${unsigned}AAAA`, 'token-invalid-algorithm');
});

test('HS256 signed with the public key PEM as HMAC secret is rejected', async (t) => {
  const forged = await new SignJWT(sessionClaims())
    .setProtectedHeader({ alg: 'HS256', kid: t.context.key.kid, typ: 'JWT' })
    .sign(new TextEncoder().encode(t.context.key.publicPem));
  await rejects(t, forged, 'token-invalid-algorithm');
});

test('a token signed by another key with the same kid is rejected', async (t) => {
  await rejects(t, await signToken(t.context.impostor), 'token-invalid-signature');
});

test('a tampered payload is rejected', async (t) => {
  const [header, , signature] = (await signToken(t.context.key)).split('.');
  await rejects(t, `${header}.${b64url(sessionClaims({ sub: 'user_someoneelse' }))}.${signature}`, 'token-invalid-signature');
});

test('a token without sub is rejected', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims({ sub: undefined })), 'token-missing-sub');
});

test('a token with an empty sub is rejected', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims({ sub: '' })), 'token-missing-sub');
});

test('a token without sid is rejected', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims({ sid: undefined })), 'token-missing-sid');
});

test('a token without exp is rejected', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims({ exp: undefined })), 'token-missing-exp');
});

test('typ at+jwt is a machine token: token-type-mismatch', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims(), { typ: 'at+jwt' }), 'token-type-mismatch');
  await rejects(t, await signToken(t.context.key, sessionClaims(), { typ: 'application/at+jwt' }), 'token-type-mismatch');
});

test('a typ other than JWT is rejected', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims(), { typ: 'JOSE' }), 'token-invalid-type');
});

test('a session token whose header has no kid is rejected, though the JWKS has a single key', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims(), { kid: undefined }), 'token-missing-kid');
  await rejects(t, await signToken(t.context.key, sessionClaims(), { kid: '' }), 'token-missing-kid');
});

test('a token whose header category is machine-to-machine is token-type-mismatch', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims(), { cat: 'cl_B7d4PD333AAA' }), 'token-type-mismatch');
  await rejects(t, await signToken(t.context.key, sessionClaims(), { cat: 'cl_B7d4PD222AAA' }), 'token-type-mismatch');
  await rejects(t, await signToken(t.context.key, sessionClaims(), { cat: 42 }), 'token-type-mismatch');
});

test('a validly signed token whose payload or header repeats a member name is rejected', async (t) => {
  const { key } = t.context;
  // Signed by hand: jose would serialise the claims itself and never repeat a name.
  const signWith = async (headerJson: string, payloadJson: string) => {
    const input = `${Buffer.from(headerJson).toString('base64url')}.${Buffer.from(payloadJson).toString('base64url')}`;
    const signature = createSign('RSA-SHA256').update(input).sign(KeyObject.from(key.privateKey)).toString('base64url');
    return `${input}.${signature}`;
  };
  const header = JSON.stringify({ alg: 'RS256', kid: key.kid, typ: 'JWT' });
  const claims = JSON.stringify(sessionClaims());
  t.true(E.isRight(await t.context.verifier.verify(await signWith(header, claims))));
  await rejects(t, await signWith(header, `${claims.slice(0, -1)},"sub":"user_someoneelse"}`), 'token-malformed');
  await rejects(t, await signWith(`${header.slice(0, -1)},"alg":"none"}`, claims), 'token-malformed');
});

test('a forged token repeating a payload member is refused at its signature', async (t) => {
  const header = b64url({ alg: 'RS256', kid: t.context.key.kid, typ: 'JWT' });
  const claims = JSON.stringify(sessionClaims());
  const payload = Buffer.from(`${claims.slice(0, -1)},"sub":"user_someoneelse"}`).toString('base64url');
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(KeyObject.from(t.context.impostor.privateKey))
    .toString('base64url');
  await rejects(t, `${header}.${payload}.${signature}`, 'token-invalid-signature');
});

test('a header is refused on every token that carries it, however many headers were verified before', async (t) => {
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: t.context.key.publicPem });
  // More distinct verified headers than the verifier remembers, so its memory starts over on the way.
  for (let index = 0; index < 20; index += 1) {
    t.true(E.isRight(await verifier.verify(await signToken(t.context.key, sessionClaims(), { kid: `ins_rotated_${index}` }))));
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await rejects(
      t,
      await signToken(t.context.key, sessionClaims(), { kid: 'ins_rotated_19', typ: 'at+jwt' }),
      'token-type-mismatch',
      verifier,
    );
    await rejects(t, await signToken(t.context.key, sessionClaims(), { kid: '' }), 'token-missing-kid', verifier);
  }
  t.true(E.isRight(await verifier.verify(await signToken(t.context.key, sessionClaims(), { kid: 'ins_rotated_19' }))));
});

test('the session and ignore categories, and an absent category, are accepted', async (t) => {
  for (const header of [{ cat: 'cl_B7d4PD111AAA' }, { cat: 'cl_I7d4PD111III' }, {}]) {
    t.true(E.isRight(await t.context.verifier.verify(await signToken(t.context.key, sessionClaims(), header))));
  }
});

test('a token without typ is accepted', async (t) => {
  const token = await new SignJWT(sessionClaims())
    .setProtectedHeader({ alg: 'RS256', kid: t.context.key.kid })
    .sign(t.context.key.privateKey);
  t.true(E.isRight(await t.context.verifier.verify(token)));
});

test('a lifetime over one hour is rejected (absurd exp)', async (t) => {
  await rejects(t, await signToken(t.context.key, sessionClaims({ exp: nowSeconds() + 2 * 3600 })), 'token-invalid-lifetime');
  await rejects(t, await signToken(t.context.key, sessionClaims({ exp: Date.now() })), 'token-invalid-lifetime');
});

test('a token over 8 KiB is rejected before jose', async (t) => {
  const token = await signToken(t.context.key, sessionClaims({ padding: 'x'.repeat(9000) }));
  await rejects(t, token, 'token-too-large');
});

test('a token that is not a strict compact JWS is rejected', async (t) => {
  const token = await signToken(t.context.key);
  await rejects(t, `${token}=`, 'token-malformed');
  await rejects(t, `${token}\n`, 'token-malformed');
  await rejects(t, 'not-a-token', 'token-malformed');
});

test('a cached token is still refused once it expires (the clock moves, the cache does not extend it)', async (t) => {
  let nowMs = Date.now();
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: t.context.key.publicPem, now: () => nowMs });
  const issuedAt = Math.floor(nowMs / 1000);
  const token = await signToken(t.context.key, sessionClaims({ iat: issuedAt, nbf: issuedAt - 5, exp: issuedAt + 60 }));
  t.true(E.isRight(await verifier.verify(token)));
  nowMs += 30_000;
  t.true(E.isRight(await verifier.verify(token)));
  nowMs += 40_000; // 10 s past exp: beyond the 5 s skew
  await rejects(t, token, 'token-expired', verifier);
});

test('a refused token is never cached: it stays refused on every try', async (t) => {
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: t.context.key.publicPem });
  const forged = await signToken(t.context.impostor);
  await rejects(t, forged, 'token-invalid-signature', verifier);
  await rejects(t, forged, 'token-invalid-signature', verifier);
});
