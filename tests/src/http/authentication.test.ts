import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { userCreatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';

const test = anyTest as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

test.before(async (t) => {
  const provider = await startTestProvider();
  const service = await startServiceUnderTest(
    providerEnv(provider, {
      IDP_AUTHORIZED_PARTIES: 'http://localhost:3000,https://app.gym.example.com',
      TEST_AUTH_BYPASS: 'true',
      JOBS_RETRY_DELAY_SECONDS: '1',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
    }),
  );
  t.context = { provider, service };
  const body = JSON.stringify(userCreatedEvent({ id: 'user_known1', email: 'known@example.com' }));
  await fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers: t.context.provider.sign(body), body });
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

const getMe = (service: ServiceUnderTest, headers: Record<string, string>) => fetch(`${service.url}/users/me`, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const expect401 = async (t: ExecutionContext<unknown>, response: Response) => {
  t.is(response.status, 401);
  t.like(await response.json(), { statusCode: 401, error: 'Unauthorized', code: 'Unauthenticated' });
};

test('a valid session token gets the caller and their memberships', async (t) => {
  const response = await getMe(t.context.service, bearer(await t.context.provider.mintToken('user_known1')));
  t.is(response.status, 200);
  const body = (await response.json()) as { user: Record<string, unknown>; memberships: unknown[] };
  t.like(body.user, { idpId: 'user_known1', email: 'known@example.com' });
  t.regex(String(body.user['id']), /^[0-9a-f-]{36}$/);
  t.deepEqual(body.memberships, []);
});

test('recovery path: a session whose user has no local row yet is created from the admin API', async (t) => {
  t.context.provider.putUser({ id: 'user_recovered1', email: 'late@example.com' });
  const response = await getMe(t.context.service, bearer(await t.context.provider.mintToken('user_recovered1')));
  t.is(response.status, 200);
  t.like(await response.json(), { user: { idpId: 'user_recovered1', email: 'late@example.com' }, memberships: [] });
  t.true(t.context.provider.requests.includes('GET /v1/users/user_recovered1'));
});

test('a missing bearer answers 401 with a Bearer challenge', async (t) => {
  const response = await getMe(t.context.service, {});
  t.is(response.headers.get('www-authenticate'), 'Bearer');
  await expect401(t, response);
});

test('an expired token answers 401', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  await expect401(
    t,
    await getMe(
      t.context.service,
      bearer(await t.context.provider.mintToken('user_known1', { iat: now - 120, nbf: now - 125, exp: now - 60 })),
    ),
  );
});

test('a token from another issuer answers 401', async (t) => {
  await expect401(
    t,
    await getMe(t.context.service, bearer(await t.context.provider.mintToken('user_known1', { iss: 'https://evil.example.com' }))),
  );
});

test('a token whose azp is not an authorized party answers 401', async (t) => {
  await expect401(
    t,
    await getMe(t.context.service, bearer(await t.context.provider.mintToken('user_known1', { azp: 'https://evil.example.com' }))),
  );
});

test('an alg "none" forgery answers 401', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  const forged = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'user_known1', sid: 'sess_x', iss: t.context.provider.issuer, iat: now, exp: now + 60, azp: 'http://localhost:3000' })}.`;
  await expect401(t, await getMe(t.context.service, bearer(forged)));
});

test('an HS256 forgery keyed with the public key answers 401', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  const signingInput = `${b64url({ alg: 'HS256', typ: 'JWT', kid: t.context.provider.kid })}.${b64url({ sub: 'user_known1', sid: 'sess_x', iss: t.context.provider.issuer, iat: now, nbf: now, exp: now + 60, azp: 'http://localhost:3000' })}`;
  const signature = createHmac('sha256', t.context.provider.publicKeyPem).update(signingInput).digest('base64url');
  await expect401(t, await getMe(t.context.service, bearer(`${signingInput}.${signature}`)));
});

test('TEST_AUTH_BYPASS (non-production): x-test-user-id authenticates as that user', async (t) => {
  const response = await getMe(t.context.service, { 'x-test-user-id': 'user_known1' });
  t.is(response.status, 200);
  t.like(await response.json(), { user: { idpId: 'user_known1' } });
});

test('no token or secret reaches the logs', async (t) => {
  const token = await t.context.provider.mintToken('user_known1');
  await getMe(t.context.service, bearer(token));
  const logged = t.context.service.logs.text();
  t.false(logged.includes(token.split('.')[2]!));
  t.false(logged.includes(t.context.provider.secretKey));
  t.false(logged.includes(t.context.provider.webhookSecret.slice(6)));
});

test('DELETE /users/me soft-deletes and deletes the provider user', async (t) => {
  t.context.provider.putUser({ id: 'user_leaving1', email: 'leaving@example.com' });
  const token = await t.context.provider.mintToken('user_leaving1');
  t.is((await getMe(t.context.service, bearer(token))).status, 200);
  const response = await fetch(`${t.context.service.url}/users/me`, { method: 'DELETE', headers: bearer(token) });
  t.is(response.status, 204);
  // The provider user's deletion is a durable job, committed with the local deletion.
  await t.context.service.server.settle();
  t.true(t.context.provider.requests.includes('DELETE /v1/users/user_leaving1'));
  t.is((await getMe(t.context.service, bearer(token))).status, 410);
});

test.serial('DELETE /users/me with the provider down still answers 204; the job retries until the provider user is deleted', async (t) => {
  t.context.provider.putUser({ id: 'user_leaving2', email: 'leaving2@example.com' });
  const token = await t.context.provider.mintToken('user_leaving2');
  t.is((await getMe(t.context.service, bearer(token))).status, 200);
  t.context.provider.failing = true;
  try {
    const response = await fetch(`${t.context.service.url}/users/me`, { method: 'DELETE', headers: bearer(token) });
    t.is(response.status, 204);
    // The first attempt fails against the provider (its failure logged), and waits for its retry.
    await t.context.service.logs.waitFor((line) => line['msg'] === 'job failed' && line['queue'] === 'identity.delete-provider-user');
  } finally {
    t.context.provider.failing = false;
  }
  await t.context.service.logs.waitFor((line) => line['msg'] === 'job completed' && line['queue'] === 'identity.delete-provider-user');
  t.true(t.context.provider.requests.includes('DELETE /v1/users/user_leaving2'));
});

test('an unknown route answers a JSON 404 and a wrong method a 405', async (t) => {
  const missing = await fetch(`${t.context.service.url}/nope`);
  t.is(missing.status, 404);
  t.like(await missing.json(), { code: 'RouteNotFound' });
  const wrongMethod = await fetch(`${t.context.service.url}/health`, { method: 'POST' });
  t.is(wrongMethod.status, 405);
});

test.serial('a provider outage on the recovery path answers 500 and is captured with the caller as the tracked user', async (t) => {
  const token = await t.context.provider.mintToken('user_outage2');
  t.context.provider.failing = true;
  try {
    const response = await getMe(t.context.service, bearer(token));
    t.is(response.status, 500);
    t.like(await response.json(), { code: 'InternalError', message: 'Internal server error' });
  } finally {
    t.context.provider.failing = false;
  }
  const captured = t.context.service.logs.records().find((r) => r['msg'] === 'captured exception' && r['idpUser'] === 'user_outage2');
  t.like(captured, { level: 50, context: { path: '/users/me' } });
  t.false(t.context.service.logs.text().includes(t.context.provider.secretKey));
});
