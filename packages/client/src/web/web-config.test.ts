import test from 'ava';
import { readWebConfig } from './web-config.js';

test('defaults: sign-in /sign-in, sign-up /sign-up, no bypass', (t) => {
  t.deepEqual(readWebConfig({}), { signInUrl: '/sign-in', signUpUrl: '/sign-up', bypass: false });
  t.deepEqual(readWebConfig({ NEXT_PUBLIC_IDP_SIGN_IN_URL: '', NEXT_PUBLIC_IDP_SIGN_UP_URL: '' }), {
    signInUrl: '/sign-in',
    signUpUrl: '/sign-up',
    bypass: false,
  });
});

test('the configured sign-in and sign-up URLs are used', (t) => {
  t.like(readWebConfig({ NEXT_PUBLIC_IDP_SIGN_IN_URL: '/he/login', NEXT_PUBLIC_IDP_SIGN_UP_URL: '/he/join' }), {
    signInUrl: '/he/login',
    signUpUrl: '/he/join',
  });
});

test("the bypass is on only for exactly 'true', whatever NODE_ENV says, and warns once", (t) => {
  const warnings: string[] = [];
  t.true(readWebConfig({ NEXT_PUBLIC_E2E_TEST_MODE: 'true', NODE_ENV: 'production' }, (m) => warnings.push(m)).bypass);
  t.is(warnings.length, 1);
  for (const value of ['TRUE', '1', 'yes', ' true', 'true ', 'false', undefined]) {
    t.false(readWebConfig({ NEXT_PUBLIC_E2E_TEST_MODE: value }, (m) => warnings.push(m)).bypass, String(value));
  }
  t.is(warnings.length, 1);
});
