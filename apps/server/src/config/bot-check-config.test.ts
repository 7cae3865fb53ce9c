import test from 'ava';
import { PRODUCTION_ENV, configOf, problemsOf } from './test-support/config-of.js';

const SECRET = '0x4AAAAAAAtest-secret-key';

test('unset, there is no bot check', (t) => {
  t.deepEqual(configOf({}).botCheck, { kind: 'off' });
});

test('a Turnstile key with its hostnames turns the check on, the action defaulting to purchase', (t) => {
  t.deepEqual(configOf({ TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_HOSTNAMES: 'gym.example, www.gym.example' }).botCheck, {
    kind: 'turnstile',
    secretKey: SECRET,
    hostnames: ['gym.example', 'www.gym.example'],
    action: 'purchase',
  });
  t.like(configOf({ TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_HOSTNAMES: 'gym.example', TURNSTILE_ACTION: 'buy-plan' }).botCheck, {
    action: 'buy-plan',
  });
});

test('the local stand-in runs in development', (t) => {
  t.deepEqual(configOf({ BOT_CHECK_LOCAL: 'true' }).botCheck, { kind: 'local' });
});

test('the local stand-in is refused in production and beside a Turnstile key; a key needs its hostnames; the secret is never echoed', (t) => {
  t.deepEqual(problemsOf({ ...PRODUCTION_ENV, BOT_CHECK_LOCAL: 'true' }), [
    'BOT_CHECK_LOCAL: must not be true when NODE_ENV=production (development and tests only)',
  ]);
  t.deepEqual(problemsOf({ BOT_CHECK_LOCAL: 'true', TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_HOSTNAMES: 'gym.example' }), [
    'BOT_CHECK_LOCAL: must not be true together with TURNSTILE_SECRET_KEY (one bot check at a time)',
  ]);
  t.deepEqual(problemsOf({ TURNSTILE_SECRET_KEY: SECRET }), [
    'TURNSTILE_HOSTNAMES: required once TURNSTILE_SECRET_KEY is set, got undefined (missing)',
  ]);
  t.deepEqual(problemsOf({ TURNSTILE_HOSTNAMES: 'gym.example' }), [
    'TURNSTILE_SECRET_KEY: required once another TURNSTILE_ setting is set, got undefined (missing)',
  ]);
  t.deepEqual(problemsOf({ TURNSTILE_SITEVERIFY_URL: 'http://127.0.0.1:9' }), [
    'TURNSTILE_SECRET_KEY: required once another TURNSTILE_ setting is set, got undefined (missing)',
  ]);
  const bad = problemsOf({
    TURNSTILE_SECRET_KEY: 'has space',
    TURNSTILE_HOSTNAMES: 'https://gym.example',
    TURNSTILE_ACTION: 'no spaces please',
  });
  t.deepEqual(bad, [
    'TURNSTILE_ACTION: expected up to 32 letters, digits, _ or -, got "no spaces please"',
    'TURNSTILE_HOSTNAMES: expected comma-separated hostnames (gym.example, www.gym.example), got "https://gym.example"',
    'TURNSTILE_SECRET_KEY: expected a value without whitespace, got [REDACTED]',
  ]);
});

test('the purchase budgets are settings', (t) => {
  t.deepEqual(configOf({ PURCHASE_LIMIT_EMAIL_PER_HOUR: '7', PURCHASE_LIMIT_ADDRESS_PER_HOUR: '40' }).rateLimits.purchases, {
    address: { points: 40, windowSeconds: 3600 },
    email: { points: 7, windowSeconds: 3600 },
  });
  t.deepEqual(problemsOf({ PURCHASE_LIMIT_EMAIL_PER_HOUR: '0' }), [
    'PURCHASE_LIMIT_EMAIL_PER_HOUR: expected a whole number from 1 to 1000000, got "0"',
  ]);
});
