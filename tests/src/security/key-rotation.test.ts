import anyTest, { type TestFn } from 'ava';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateKeyPair, SignJWT } from 'jose';
import { startIdpEmulator, type IdpEmulator } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy.js';
import { emulatorClient, type EmulatorClient } from '../support/e2e-emulator-client.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { capturedExceptions } from './raw-http.js';

// Key rotation at the provider, over sockets: the emulator rotates its signing key and the
// real server, which reaches it through a counting proxy, must never answer 401 to a token it merely
// cannot judge yet. jose refetches the JWKS for an unknown kid at most once per cooldown (30 s as the
// server configures it), so a rotation inside the cooldown is 503 with Retry-After until it may.
interface Context {
  readonly emulator: IdpEmulator;
  readonly proxy: CountingProxy;
  readonly service: ServiceUnderTest;
  readonly provider: EmulatorClient;
  readonly userId: string;
  readonly sessionId: string;
}
const test = anyTest.serial as TestFn<Context>;

test.before(async (t) => {
  const emulator = await startIdpEmulator();
  const proxy = await startCountingProxy(emulator.url);
  const service = await startServiceUnderTest(providerEnv({ ...emulator, url: proxy.url }));
  const provider = emulatorClient(emulator);
  const user = await provider.createUser('rotation@example.com');
  t.context = { emulator, proxy, service, provider, userId: user.id, sessionId: (await provider.openSession(user.id)).id };
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.proxy?.close();
  await t.context.emulator?.close();
});

const getMe = (t: { context: Context }, token: string) =>
  fetch(`${t.context.service.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
const jwksRequests = (t: { context: Context }): number => t.context.proxy.count('GET /v1/jwks');
/** A fresh session token from the emulator (a distinct jti each time, so no cache hides the key lookup). */
const sessionToken = (t: { context: Context }): Promise<string> => t.context.provider.mintToken(t.context.sessionId);

test('a kid the provider never published is 401 once the key set fetched for it lacks it', async (t) => {
  const { emulator, userId, sessionId } = t.context;
  const attacker = await generateKeyPair('RS256', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  const forged = await new SignJWT({
    azp: emulator.authorizedParty,
    iss: emulator.issuer,
    sub: userId,
    sid: sessionId,
    iat: now,
    nbf: now - 5,
    exp: now + 60,
    v: 2,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'ins_neverpublished', typ: 'JWT' })
    .sign(attacker.privateKey);
  t.is(jwksRequests(t), 0, "the service's first bearer request");
  const response = await getMe(t, forged);
  t.is(response.status, 401);
  t.like(await response.json(), { statusCode: 401, code: 'Unauthenticated' });
  t.is(jwksRequests(t), 1, 'judged against the key set fetched while it waited');
});

test('a key rotated inside the refetch cooldown answers 503 with Retry-After, never 401, and verifies once the service may refetch', async (t) => {
  const beforeRotation = await sessionToken(t);
  t.is((await getMe(t, beforeRotation)).status, 200);
  t.is(jwksRequests(t), 1, 'still the one key set');

  const rotated = await adminFetch(t.context.emulator, 'POST', '/_emulator/keys/rotate', {}, null);
  const kid = rotated.body.kid as string;
  t.is(t.context.emulator.currentKid(), kid);
  const early = await getMe(t, await sessionToken(t));
  t.is(early.status, 503, 'the key set may predate the rotation: not judged');
  t.is(early.headers.get('retry-after'), '5');
  t.deepEqual(await early.json(), {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'Authentication is temporarily unavailable',
    code: 'AuthenticationUnavailable',
  });
  t.is((await getMe(t, beforeRotation)).status, 200, 'the old key stays published and verifies');
  t.is(jwksRequests(t), 1, 'no refetch inside the cooldown');

  // A client honours Retry-After (the wait is the protocol's, not a synchronisation guess); the first
  // try after the cooldown refetches the JWKS. The cooldown is 30 s, so at most 7 waits of 5 s.
  const answers: number[] = [early.status];
  let answer = early;
  for (let tries = 0; answer.status === 503 && tries < 8; tries += 1) {
    await sleep(Number(answer.headers.get('retry-after')) * 1000);
    answer = await getMe(t, await sessionToken(t));
    answers.push(answer.status);
  }
  t.is(answer.status, 200, `answers while the service caught up: ${answers.join(', ')}`);
  t.true(
    answers.slice(0, -1).every((status) => status === 503),
    'never a 401 on the way',
  );
  t.is(jwksRequests(t), 2, 'one JWKS request for the rotation');
  for (let i = 0; i < 50; i += 1) t.is((await getMe(t, await sessionToken(t))).status, 200, `call ${i} with the new key`);
  t.is(jwksRequests(t), 2, 'and none per call');
  t.deepEqual(capturedExceptions(t.context.service.logs.records()), []);
  t.log(
    `rotation to ${kid}: ${answers.length - 1} retries after Retry-After (${answers.join(', ')}), then 51 calls on 2 JWKS requests in all`,
  );
});
