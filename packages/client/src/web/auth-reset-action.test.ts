import test from 'ava';
import { authResetPath } from './auth-reset-path.js';
import { readAuthReset } from './auth-reset-action.js';

const OPTIONS = { locales: ['en', 'he'], defaultLocale: 'en', lang: 'en' } as const;
const at = (path: string) => new URL(path, 'https://app.test');

test('loop guard: the first arrival refreshes and returns marked; the next 401 there makes attempt 2, which signs out', (t) => {
  const first = readAuthReset(at(authResetPath({ ...OPTIONS, returnTo: '/en/shop?x=1' })), OPTIONS);
  t.deepEqual(first, { kind: 'refresh', returnTo: '/en/shop?x=1&auth_reset=1' });
  const second = readAuthReset(at(authResetPath({ ...OPTIONS, returnTo: first.returnTo })), OPTIONS);
  t.deepEqual(second, { kind: 'sign-out', returnTo: '/en/shop?x=1' });
});

test('the reset page re-checks redirect_url instead of trusting it', (t) => {
  t.deepEqual(readAuthReset(at('/en/auth/reset?redirect_url=https%3A%2F%2Fevil.example&attempt=1'), OPTIONS), {
    kind: 'refresh',
    returnTo: '/en?auth_reset=1',
  });
  t.is(readAuthReset(at('/en/auth/reset?redirect_url=%2F%2Fevil.example&attempt=5'), OPTIONS).returnTo, '/en');
});

test('a garbled attempt signs out rather than looping', (t) => {
  t.is(readAuthReset(at('/en/auth/reset?redirect_url=%2Fen&attempt=x'), OPTIONS).kind, 'sign-out');
});
