import test from 'ava';
import { authResetPath } from './auth-reset-path.js';

const LOCALES = { locales: ['en', 'he'], defaultLocale: 'en' } as const;
const query = (path: string) => new URL(path, 'https://app.test').searchParams;

test('the reset path is under the request locale, with the return path and the attempt', (t) => {
  t.is(authResetPath({ ...LOCALES, lang: 'he', returnTo: '/he/shop?x=1' }), '/he/auth/reset?redirect_url=%2Fhe%2Fshop%3Fx%3D1&attempt=1');
});

const lang = test.macro({
  exec: (t, value: string | undefined, expected: string) =>
    t.true(authResetPath({ ...LOCALES, lang: value }).startsWith(`/${expected}/auth/reset?`)),
  title: (_, value, expected) => `lang ${JSON.stringify(value)} → /${expected}/auth/reset`,
});
test(lang, 'he', 'he');
test(lang, 'HE', 'he');
test(lang, undefined, 'en');
test(lang, 'fr', 'en');
test(lang, '//evil.example', 'en');
test(lang, '..', 'en');

const unsafe = test.macro({
  exec: (t, returnTo: string) => t.is(query(authResetPath({ ...LOCALES, lang: 'he', returnTo })).get('redirect_url'), '/he'),
  title: (_, returnTo) => `return path ${JSON.stringify(returnTo)} is replaced by /{lang}`,
});
for (const value of [
  'https://evil.example',
  '//evil.example',
  '/\\evil',
  '/\\/evil.example',
  'javascript:alert(1)',
  'evil',
  '/en/x\nSet-Cookie: a',
  '',
])
  test(unsafe, value);

test('the reset page itself is never the return path (no reset loop)', (t) => {
  t.is(query(authResetPath({ ...LOCALES, lang: 'en', returnTo: '/en/auth/reset?redirect_url=%2Fen' })).get('redirect_url'), '/en');
  t.is(query(authResetPath({ ...LOCALES, lang: 'en', returnTo: '/HE/auth/reset/' })).get('redirect_url'), '/en');
});

test('a page that already went through one reset yields attempt 2, without the marker in the return path', (t) => {
  const params = query(authResetPath({ ...LOCALES, lang: 'en', returnTo: '/en/shop?x=1&auth_reset=1' }));
  t.is(params.get('attempt'), '2');
  t.is(params.get('redirect_url'), '/en/shop?x=1');
});

test('an explicit attempt wins, and the custom reset path is used', (t) => {
  t.is(
    authResetPath({ ...LOCALES, lang: 'en', returnTo: '/en', attempt: 3, path: '/session/reset' }),
    '/en/session/reset?redirect_url=%2Fen&attempt=3',
  );
});

test('a default locale outside the locales is a configuration error', (t) => {
  t.throws(() => authResetPath({ locales: ['en'], defaultLocale: 'fr', lang: 'en' }), { instanceOf: TypeError });
});
