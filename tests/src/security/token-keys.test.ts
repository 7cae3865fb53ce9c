import anyTest, { type TestFn } from 'ava';
import { userCreatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { capturedExceptions } from './raw-http.js';

// The provider's keys as the real server sees them: an outage of the JWKS is "cannot
// verify right now" (503), and the JWKS is not fetched per call. Key rotation: key-rotation.test.ts.
const test = anyTest as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

const USER = 'user_keyholder1';

test.before(async (t) => {
  const provider = await startTestProvider();
  const service = await startServiceUnderTest(providerEnv(provider));
  t.context = { provider, service };
  const body = JSON.stringify(userCreatedEvent({ id: USER, email: 'keyholder@example.com' }));
  const created = await fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers: provider.sign(body), body });
  if (created.status !== 200) throw new Error(`seeding the user failed: ${created.status}`);
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

const getMe = (service: ServiceUnderTest, token: string) =>
  fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
const jwksRequests = (provider: TestProvider): number => provider.requests.filter((request) => request === 'GET /v1/jwks').length;
/** A fresh token per call (distinct jti), so the verified-token cache cannot hide a key lookup. */
let minted = 0;
const freshToken = (provider: TestProvider): Promise<string> => {
  minted += 1;
  return provider.mintToken(USER, { jti: `jti_${minted}` });
};

test.serial('while the JWKS cannot be fetched, a valid token answers 503 with Retry-After, never 401', async (t) => {
  const { provider, service } = t.context;
  provider.jwksFailing = true;
  try {
    const response = await getMe(service, await freshToken(provider));
    t.is(response.status, 503);
    t.is(response.headers.get('retry-after'), '5');
    t.deepEqual(await response.json(), {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Authentication is temporarily unavailable',
      code: 'AuthenticationUnavailable',
    });
    // Verified and wrong stays 401 even now: a token with no kid, or an alg the verifier never accepts.
    t.is((await getMe(service, await provider.mintToken(USER, {}, { kid: undefined }))).status, 401);
    const [, payload] = (await freshToken(provider)).split('.');
    t.is(
      (await getMe(service, `${Buffer.from(JSON.stringify({ alg: 'none', kid: provider.kid })).toString('base64url')}.${payload}.`)).status,
      401,
    );
  } finally {
    provider.jwksFailing = false;
  }
  t.is((await getMe(service, await freshToken(provider))).status, 200, 'the same service verifies again once the JWKS is back');
  t.deepEqual(capturedExceptions(service.logs.records()), []);
  t.true(service.logs.records().some((record) => record['reason'] === 'jwks-unavailable' && record['level'] === 40));
});

test.serial('the JWKS is fetched once for many calls, not once per call', async (t) => {
  const { provider, service } = t.context;
  t.is((await getMe(service, await freshToken(provider))).status, 200);
  const before = jwksRequests(provider);
  for (let i = 0; i < 100; i += 1) t.is((await getMe(service, await freshToken(provider))).status, 200);
  t.is(jwksRequests(provider), before);
  t.log(`100 calls with 100 distinct tokens, ${jwksRequests(provider) - before} JWKS requests`);
});

test.serial(
  'a token refused by its issuer, key headers, kid or expiry answers 401 even while the JWKS cannot be fetched, and asks for no key set',
  async (t) => {
    const { provider, service } = t.context;
    const seconds = Math.floor(Date.now() / 1000);
    const refused: readonly (readonly [string, Promise<string>])[] = [
      [
        'another issuer, its own kid',
        provider.mintToken(USER, { iss: 'https://staging-gym-7.clerk.accounts.dev' }, { kid: 'ins_staging' }),
      ],
      ['a jku header', provider.mintToken(USER, {}, { kid: 'ins_attacker', jku: 'https://evil.example.com/jwks' })],
      ['a kid that is a path', provider.mintToken(USER, {}, { kid: '../../jwks/ins_x' })],
      [
        'expired, under an unknown kid',
        provider.mintToken(USER, { iat: seconds - 120, nbf: seconds - 125, exp: seconds - 10 }, { kid: 'ins_attacker' }),
      ],
    ];
    provider.jwksFailing = true;
    try {
      const before = jwksRequests(provider);
      for (const [name, token] of refused) t.is((await getMe(service, await token)).status, 401, name);
      t.is(jwksRequests(provider), before, 'none of them reached the key set');
    } finally {
      provider.jwksFailing = false;
    }
  },
);
