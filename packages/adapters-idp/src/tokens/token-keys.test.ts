import test from 'ava';
import { generateKeyPairSync } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { createAccessTokenVerifier } from './access-token-verifier.js';
import { startJwksServer } from '../test-support/jwks-server.js';
import { deadUrl, startLocalServer } from '../test-support/local-server.js';
import { PUBLISHABLE_KEY, SECRET_KEY, b64url, sessionClaims, signToken, signingKey } from '../test-support/token-fixtures.js';

const reasonOf = (result: E.Either<{ reason: string }, unknown>): string | undefined => (E.isLeft(result) ? result.left.reason : undefined);

test('the JWKS is fetched once with the bearer secret and cached', async (t) => {
  const key = await signingKey('ins_cache');
  const jwks = await startJwksServer(SECRET_KEY, [key.publicJwk]);
  t.teardown(() => jwks.close());
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, apiUrl: jwks.url, secretKey: SECRET_KEY });
  for (let i = 0; i < 3; i += 1) t.true(E.isRight(await verifier.verify(await signToken(key))));
  t.is(jwks.requests, 1);
});

test('an unknown kid triggers one refetch, so a rotated key verifies', async (t) => {
  const first = await signingKey('ins_first');
  const next = await signingKey('ins_next');
  const jwks = await startJwksServer(SECRET_KEY, [first.publicJwk]);
  t.teardown(() => jwks.close());
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: jwks.url,
    secretKey: SECRET_KEY,
    jwksCooldownMs: 0,
  });
  t.true(E.isRight(await verifier.verify(await signToken(first))));
  t.is(jwks.requests, 1);
  t.is(reasonOf(await verifier.verify(await signToken(next))), 'token-unknown-kid');
  t.is(jwks.requests, 2);
  jwks.keys = [first.publicJwk, next.publicJwk];
  t.true(E.isRight(await verifier.verify(await signToken(next))));
  t.is(jwks.requests, 3);
});

test('a kid missing from the key set fetched for this very token is token-unknown-kid (401)', async (t) => {
  const key = await signingKey('ins_fresh');
  const jwks = await startJwksServer(SECRET_KEY, [key.publicJwk]);
  t.teardown(() => jwks.close());
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, apiUrl: jwks.url, secretKey: SECRET_KEY });
  const result = await verifier.verify(await signToken(key, sessionClaims(), { kid: 'ins_never_published' }));
  t.true(E.isLeft(result) && result.left._tag === 'Unauthenticated');
  t.is(reasonOf(result), 'token-unknown-kid');
  t.is(jwks.requests, 1, 'judged against a key set fetched while it waited');
});

test('inside the cooldown an unknown kid cannot be judged (the key set may predate a rotation), and the JWKS is not refetched', async (t) => {
  const key = await signingKey('ins_known');
  const rotated = await signingKey('ins_rotated');
  const jwks = await startJwksServer(SECRET_KEY, [key.publicJwk]);
  t.teardown(() => jwks.close());
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: jwks.url,
    secretKey: SECRET_KEY,
    jwksCooldownMs: 60_000,
  });
  t.true(E.isRight(await verifier.verify(await signToken(key))));
  jwks.keys = [key.publicJwk, rotated.publicJwk];
  const early = await verifier.verify(await signToken(rotated));
  t.true(E.isLeft(early) && early.left._tag === 'AuthenticationUnavailable', 'a rotated key inside the cooldown: 503, never 401');
  t.is(reasonOf(early), 'jwks-cooling-down');
  for (let i = 0; i < 5; i += 1) {
    t.is(reasonOf(await verifier.verify(await signToken(key, sessionClaims(), { kid: `ins_random_${i}` }))), 'jwks-cooling-down');
  }
  t.is(jwks.requests, 1, 'an unknown-kid flood never becomes a JWKS flood');
  t.true(E.isRight(await verifier.verify(await signToken(key))), 'known kids still verify');
  // A published kid under another alg finds no key either, but that is no rotation: judged, 401.
  const [, payload, signature] = (await signToken(key)).split('.');
  const otherAlg = `${b64url({ alg: 'RS384', kid: key.kid, typ: 'JWT' })}.${payload}.${signature}`;
  t.is(reasonOf(await verifier.verify(otherAlg)), 'token-unknown-kid');
});

test('a JWKS endpoint that is down gives jwks-unavailable, not a throw', async (t) => {
  const key = await signingKey('ins_down');
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, apiUrl: await deadUrl(), secretKey: SECRET_KEY });
  const result = await verifier.verify(await signToken(key));
  t.is(reasonOf(result), 'jwks-unavailable');
  // Never judged, so not Unauthenticated (401 signs users out); the edge answers 503.
  t.true(E.isLeft(result) && result.left._tag === 'AuthenticationUnavailable');
});

test('a JWKS endpoint that never answers times out as jwks-unavailable', async (t) => {
  const silent = await startLocalServer(() => undefined);
  t.teardown(() => silent.close());
  const key = await signingKey('ins_silent');
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: silent.url,
    secretKey: SECRET_KEY,
    jwksTimeoutMs: 50,
  });
  t.is(reasonOf(await verifier.verify(await signToken(key))), 'jwks-unavailable');
});

test('a wrong secret key is refused by the JWKS endpoint and the token rejected', async (t) => {
  const key = await signingKey('ins_secret');
  const jwks = await startJwksServer(SECRET_KEY, [key.publicJwk]);
  t.teardown(() => jwks.close());
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, apiUrl: jwks.url, secretKey: 'sk_test_wrong' });
  t.is(reasonOf(await verifier.verify(await signToken(key))), 'jwks-unavailable');
  t.is(jwks.requests, 1);
});

test('a PEM jwtKey verifies with no network at all', async (t) => {
  const key = await signingKey('ins_pem');
  const jwks = await startJwksServer(SECRET_KEY, [key.publicJwk]);
  await jwks.close();
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: jwks.url,
    secretKey: SECRET_KEY,
    jwtKey: key.publicPem,
  });
  t.true(E.isRight(await verifier.verify(await signToken(key))));
  t.is(jwks.requests, 0);
});

test('a PEM jwtKey whose newlines are written as \\n works', async (t) => {
  const key = await signingKey('ins_pem_env');
  const envStyle = key.publicPem.trim().replace(/\n/g, '\\n');
  t.false(envStyle.includes('\n'));
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: envStyle });
  t.true(E.isRight(await verifier.verify(await signToken(key))));
});

test('a PEM jwtKey rejects tokens from another key', async (t) => {
  const key = await signingKey('ins_pem_a');
  const other = await signingKey('ins_pem_a');
  const verifier = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: key.publicPem });
  t.is(reasonOf(await verifier.verify(await signToken(other))), 'token-invalid-signature');
});

test('construction needs a jwtKey or both apiUrl and secretKey', (t) => {
  t.throws(() => createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY }), { message: /JWT key .* or both/ });
  t.throws(() => createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, apiUrl: 'https://api.example.com' }));
  t.throws(() => createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, secretKey: SECRET_KEY, jwtKey: '  ' }));
});

test('construction rejects a jwtKey that is not an RSA public key PEM', (t) => {
  t.throws(() => createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: 'not a pem' }), { message: /SPKI PEM/ });
  const broken = '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----';
  t.throws(() => createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: broken }), { message: /not a valid PEM/ });
});

test('construction rejects a private key or a short RSA key as jwtKey', (t) => {
  const rsa = (modulusLength: number) => generateKeyPairSync('rsa', { modulusLength });
  const privatePem = rsa(2048).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const shortPem = rsa(1024).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  t.throws(() => createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: privatePem }), { message: /SPKI PEM/ });
  t.throws(() => createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, jwtKey: shortPem }), { message: /at least 2048 bits/ });
});

test('construction rejects a bad publishable key', (t) => {
  const options = { apiUrl: 'https://api.example.com', secretKey: SECRET_KEY };
  t.throws(() => createAccessTokenVerifier({ ...options, publishableKey: 'pk_test_!!!' }), { message: /Publishable key/ });
});

test('an injected fetch is used for the JWKS, with the bearer secret', async (t) => {
  const key = await signingKey('ins_custom_fetch');
  const calls: string[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    calls.push(`${String(input)} ${new Headers(init?.headers).get('authorization') ?? ''}`);
    return new Response(JSON.stringify({ keys: [key.publicJwk] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: 'https://api.example.invalid/',
    secretKey: SECRET_KEY,
    fetch: fakeFetch,
  });
  t.true(E.isRight(await verifier.verify(await signToken(key))));
  t.deepEqual(calls, [`https://api.example.invalid/v1/jwks Bearer ${SECRET_KEY}`]);
});

test('every JWKS fetch is reported with its outcome: ok, an error answer, or no answer', async (t) => {
  const first = await signingKey('ins_observed');
  const next = await signingKey('ins_observed_next');
  const jwks = await startJwksServer(SECRET_KEY, [first.publicJwk]);
  t.teardown(() => jwks.close());
  const outcomes: string[] = [];
  const onJwksFetch = (outcome: string) => outcomes.push(outcome);
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: jwks.url,
    secretKey: SECRET_KEY,
    jwksCooldownMs: 0,
    onJwksFetch,
  });
  t.true(E.isRight(await verifier.verify(await signToken(first))));
  t.true(E.isRight(await verifier.verify(await signToken(first))));
  await verifier.verify(await signToken(next));
  const wrongKey = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: jwks.url,
    secretKey: 'sk_test_wrong',
    onJwksFetch,
  });
  await wrongKey.verify(await signToken(first));
  const dead = createAccessTokenVerifier({ publishableKey: PUBLISHABLE_KEY, apiUrl: await deadUrl(), secretKey: SECRET_KEY, onJwksFetch });
  await dead.verify(await signToken(first));
  t.deepEqual(outcomes, ['ok', 'ok', 'http_error', 'network']);
});

/** Tokens refused by their header or claims, each under a kid the key set lacks (so only an early refusal keeps them from the key set). */
const refusedOnTheirFace = async (
  impostor: Awaited<ReturnType<typeof signingKey>>,
): Promise<readonly (readonly [string, string, string])[]> => {
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    signToken(impostor, sessionClaims(claims), header);
  return [
    [
      'a token of another provider instance (its own issuer and kid)',
      await sign({ iss: 'https://staging-app-7.clerk.accounts.dev' }),
      'token-invalid-issuer',
    ],
    ['a token without an issuer', await sign({ iss: undefined }), 'token-missing-iss'],
    ['a jku header', await sign({}, { jku: 'https://evil.example.com/jwks' }), 'token-key-in-header'],
    ['an x5u header', await sign({}, { x5u: 'https://evil.example.com/cert.pem' }), 'token-key-in-header'],
    ['a jwk header', await sign({}, { jwk: impostor.publicJwk }), 'token-key-in-header'],
    ['an x5c header', await sign({}, { x5c: ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'] }), 'token-key-in-header'],
    ['a kid that is a path', await sign({}, { kid: '../../../../etc/passwd' }), 'token-invalid-kid'],
    ['a kid that is a URL', await sign({}, { kid: 'https://evil.example.com/key' }), 'token-invalid-kid'],
    ['a kid of 65 characters', await sign({}, { kid: 'k'.repeat(65) }), 'token-invalid-kid'],
    ['an expired token', await sign({ iat: now - 120, nbf: now - 125, exp: now - 60 }), 'token-expired'],
    ['a wrong azp', await sign({ azp: 'https://evil.example.com' }), 'token-invalid-authorized-parties'],
  ];
};

test('inside the refetch cooldown a token refused by its header or claims is 401 at once, and the key set is never fetched for it', async (t) => {
  const key = await signingKey('ins_published');
  const impostor = await signingKey('ins_impostor');
  const jwks = await startJwksServer(SECRET_KEY, [key.publicJwk]);
  t.teardown(() => jwks.close());
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: jwks.url,
    secretKey: SECRET_KEY,
    jwksCooldownMs: 60_000,
    authorizedParties: ['http://localhost:3000'],
  });
  const forged = await refusedOnTheirFace(impostor);
  for (const [name, token, reason] of forged) {
    const cold = await verifier.verify(token);
    t.true(E.isLeft(cold) && cold.left._tag === 'Unauthenticated', `${name}: 401 before the key set was ever fetched`);
    t.is(reasonOf(cold), reason, name);
  }
  t.is(jwks.requests, 0, 'none of them made the service fetch the key set');
  t.true(E.isRight(await verifier.verify(await signToken(key))));
  t.is(jwks.requests, 1);
  for (const [name, token, reason] of forged) {
    const result = await verifier.verify(token);
    t.true(E.isLeft(result) && result.left._tag === 'Unauthenticated', `${name}: 401, not 503, inside the cooldown`);
    t.is(reasonOf(result), reason, name);
  }
  const wellFormed = await verifier.verify(await signToken(impostor));
  t.true(
    E.isLeft(wellFormed) && wellFormed.left._tag === 'AuthenticationUnavailable',
    'a well-formed token of the expected issuer under an unseen kid: the key set alone decides',
  );
  t.is(reasonOf(wellFormed), 'jwks-cooling-down');
  t.is(jwks.requests, 1, 'no refetch inside the cooldown');
});

test('while the key set cannot be fetched, a token refused by its header or claims is still 401, with no fetch', async (t) => {
  const impostor = await signingKey('ins_outage');
  const outcomes: string[] = [];
  const verifier = createAccessTokenVerifier({
    publishableKey: PUBLISHABLE_KEY,
    apiUrl: await deadUrl(),
    secretKey: SECRET_KEY,
    authorizedParties: ['http://localhost:3000'],
    onJwksFetch: (outcome) => outcomes.push(outcome),
  });
  for (const [name, token, reason] of await refusedOnTheirFace(impostor)) t.is(reasonOf(await verifier.verify(token)), reason, name);
  t.deepEqual(outcomes, []);
  t.is(reasonOf(await verifier.verify(await signToken(impostor))), 'jwks-unavailable', 'a well-formed token still waits for the key set');
  t.deepEqual(outcomes, ['network']);
});
