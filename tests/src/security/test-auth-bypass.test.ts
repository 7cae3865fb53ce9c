import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { ConfigError, loadConfig, startServer } from '@idv/server';

// TEST_AUTH_BYPASS lets anyone impersonate anyone, so it must be impossible in
// production and with live provider keys, whatever NODE_ENV says.
const PROVIDER = {
  IDP_API_URL: 'https://api.idp.example.com',
  IDP_PUBLISHABLE_KEY: 'pk_test_Y2xlcmsuZXhhbXBsZS5jb20k',
  IDP_SECRET_KEY: 'sk_test_abc123',
  IDP_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};
const LIVE = { ...PROVIDER, IDP_SECRET_KEY: 'sk_live_abc123', IDP_PUBLISHABLE_KEY: 'pk_live_Y2xlcmsuZXhhbXBsZS5jb20k' };
const PRODUCTION = { ...LIVE, NODE_ENV: 'production', INVITE_SECRET: 'i'.repeat(40), NATIONAL_ID_ENCRYPTION_KEY: 'n'.repeat(40) };
const LIVE_KEY_REFUSAL = 'TEST_AUTH_BYPASS: must not be true when a live provider key (sk_live_… or pk_live_…) is configured';

const problems = (env: Record<string, string>): readonly string[] => {
  const config = loadConfig(env);
  return E.isLeft(config) ? config.left : [];
};

test('TEST_AUTH_BYPASS with a live secret key and NODE_ENV unset is refused, one line', (t) => {
  t.deepEqual(problems({ ...PROVIDER, IDP_SECRET_KEY: 'sk_live_abc123', TEST_AUTH_BYPASS: 'true' }), [LIVE_KEY_REFUSAL]);
});

test('TEST_AUTH_BYPASS with a live publishable key is refused', (t) => {
  t.deepEqual(problems({ ...PROVIDER, IDP_PUBLISHABLE_KEY: 'pk_live_Y2xlcmsuZXhhbXBsZS5jb20k', TEST_AUTH_BYPASS: 'true' }), [
    LIVE_KEY_REFUSAL,
  ]);
});

test('TEST_AUTH_BYPASS with live keys is refused under any non-production NODE_ENV', (t) => {
  for (const NODE_ENV of ['development', 'test'])
    t.deepEqual(problems({ ...LIVE, NODE_ENV, TEST_AUTH_BYPASS: 'true' }), [LIVE_KEY_REFUSAL], NODE_ENV);
});

test('TEST_AUTH_BYPASS is refused with NODE_ENV=production', (t) => {
  t.deepEqual(problems({ ...PRODUCTION, TEST_AUTH_BYPASS: 'true' }), ['TEST_AUTH_BYPASS: must not be true when NODE_ENV=production']);
});

test('the process refuses to start with TEST_AUTH_BYPASS and live keys, NODE_ENV unset', async (t) => {
  const error = await t.throwsAsync(startServer({ ...LIVE, TEST_AUTH_BYPASS: 'true', PORT: '0' }), { instanceOf: ConfigError });
  t.deepEqual(error?.problems, [LIVE_KEY_REFUSAL]);
  t.false(String(error?.message).includes('abc123'), 'the key is not echoed');
});

test('live keys without the bypass, and the bypass with test keys outside production, still load', (t) => {
  const live = loadConfig(LIVE);
  t.true(E.isRight(live) && !live.right.testAuthBypass);
  const bypass = loadConfig({ ...PROVIDER, TEST_AUTH_BYPASS: 'true' });
  t.true(E.isRight(bypass) && bypass.right.testAuthBypass);
  const emulated = loadConfig({ TEST_AUTH_BYPASS: 'true' });
  t.true(E.isRight(emulated) && emulated.right.testAuthBypass);
});
