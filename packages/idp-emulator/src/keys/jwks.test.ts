import test from 'ava';
import { createLocalJWKSet, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { startIdpEmulator } from '../start-idp-emulator.js';
import { adminFetch } from '../testing/admin-fetch.js';

const mintToken = async (emulator: { url: string; secretKey: string }, userId: string): Promise<string> => {
  const session = await adminFetch(emulator, 'POST', '/v1/sessions', { user_id: userId });
  return (await adminFetch(emulator, 'POST', `/v1/sessions/${session.body.id}/tokens`)).body.jwt;
};

test('JWKS requires the secret key as a bearer token; the frontend JWKS is public', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  for (const auth of [null, 'Bearer sk_test_wrong', emulator.secretKey]) {
    const answer = await adminFetch(emulator, 'GET', '/v1/jwks', undefined, auth);
    t.is(answer.status, 401);
    t.is(answer.contentType, 'application/json');
    t.is(answer.body.errors[0].code, 'clerk_key_invalid');
  }
  const jwks = await adminFetch(emulator, 'GET', '/v1/jwks');
  t.like(jwks.body.keys[0], { use: 'sig', kty: 'RSA', alg: 'RS256', kid: emulator.instanceId, e: 'AQAB' });
  t.deepEqual((await adminFetch(emulator, 'GET', '/.well-known/jwks.json', undefined, null)).body, jwks.body);
});

test('session tokens carry the reference claims and a role from public metadata', async (t) => {
  const emulator = await startIdpEmulator({ authorizedParty: 'https://app.example.com' });
  t.teardown(() => emulator.close());
  const user = await adminFetch(emulator, 'POST', '/v1/users', {
    email_address: ['admin@example.com'],
    public_metadata: { role: 'platform_admin' },
  });
  const token = await mintToken(emulator, user.body.id);
  t.deepEqual(decodeProtectedHeader(token), { alg: 'RS256', kid: emulator.currentKid(), typ: 'JWT' });
  const { payload } = await jwtVerify(token, await importSPKI(emulator.publicKeyPem(), 'RS256'), { issuer: emulator.issuer });
  t.is(emulator.issuer, `https://${emulator.url.slice('http://'.length)}`);
  t.like(payload, { azp: 'https://app.example.com', sub: user.body.id, v: 2, sts: 'active', role: 'platform_admin' });
  t.is((payload.exp ?? 0) - (payload.iat ?? 0), 60);
  t.is((payload.iat ?? 0) - (payload.nbf ?? 0), 5);
  t.regex(String(payload['sid']), /^sess_/);
  t.is(typeof payload.jti, 'string');
});

test('after rotation old tokens still verify against the JWKS and new tokens carry the new kid', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const user = await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['rot@example.com'] });
  const before = await mintToken(emulator, user.body.id);
  const rotated = await adminFetch(emulator, 'POST', '/_emulator/keys/rotate', {}, null);
  t.regex(rotated.body.kid, /^ins_/);
  t.not(rotated.body.kid, emulator.instanceId);
  const after = await mintToken(emulator, user.body.id);
  t.is(decodeProtectedHeader(after).kid, rotated.body.kid);
  const jwks = createLocalJWKSet((await adminFetch(emulator, 'GET', '/v1/jwks')).body);
  await t.notThrowsAsync(jwtVerify(before, jwks));
  await t.notThrowsAsync(jwtVerify(after, jwks));
});

test('admin calls over the rate limit get 429 with Retry-After; JWKS is never limited', async (t) => {
  const emulator = await startIdpEmulator({ rateLimit: 2 });
  t.teardown(() => emulator.close());
  t.is((await adminFetch(emulator, 'GET', '/v1/users')).status, 200);
  t.is((await adminFetch(emulator, 'GET', '/v1/users')).status, 200);
  const limited = await adminFetch(emulator, 'GET', '/v1/users');
  t.is(limited.status, 429);
  t.is(limited.contentType, 'application/json');
  t.is(limited.body.errors[0].code, 'too_many_requests');
  t.regex(limited.headers.get('retry-after') ?? '', /^\d+$/);
  t.true(Number(limited.headers.get('retry-after')) >= 1);
  t.is((await adminFetch(emulator, 'GET', '/v1/jwks')).status, 200);
  emulator.advanceClock(10_000);
  t.is((await adminFetch(emulator, 'GET', '/v1/users')).status, 200, 'a new window opens');
});
