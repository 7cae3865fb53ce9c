import test from 'ava';
import { createRouteGuard, type GuardDecision, type RouteGuardConfig } from './route-guard.js';

const LOCALES = ['en', 'he'];
const ORIGIN = 'https://app.test';

type Expected = 'allow' | 'redirect' | 'unauthorized' | 'bad-request';

const decide = (
  path: string,
  options: { signedIn?: boolean; document?: boolean; config?: Partial<RouteGuardConfig> } = {},
): GuardDecision =>
  createRouteGuard({ locales: LOCALES, ...options.config })({
    url: new URL(`${ORIGIN}${path}`),
    isSignedIn: options.signedIn ?? false,
    isDocument: options.document ?? true,
  });

const signedOutVisit = test.macro({
  exec: (t, path: string, expected: Expected) => t.is(decide(path).kind, expected),
  title: (note, path, expected) => `signed out, ${path} → ${expected}${note ? ` (${note})` : ''}`,
});

// Spec: the nine protected patterns, each with a configured locale.
for (const path of [
  '/en',
  '/en/schedule',
  '/en/workouts/1',
  '/en/shop',
  '/en/courses/a/b',
  '/en/profile',
  '/en/dashboard',
  '/en/onboarding/step',
  '/en/complete-profile',
  '/he/profile',
]) {
  test('protected', signedOutVisit, path, 'redirect');
}
// `:lang` is limited to the configured locales, so `/:lang` never catches the auth pages or other roots.
for (const path of ['/fr/schedule', '/fr', '/api', '/favicon.ico', '/en.json', '/']) {
  test('not a configured locale', signedOutVisit, path, 'allow');
}
// Sign-in and sign-up are always public: no redirect loop, and the invitee reaches sign-up.
for (const path of [
  '/sign-in',
  '/sign-in/',
  '/sign-in/factor-one',
  '/SIGN-IN',
  '/sign-up',
  '/sign-up?__idp_ticket=t&__idp_status=sign_up',
  '/sign-up/verify',
]) {
  test('auth page', signedOutVisit, path, 'allow');
}
// Spec public routes, even where a protected pattern would match them.
for (const path of ['/en/buy', '/en/buy/plan-1', '/en/buy/plan-1/', '/he/buy/a/b', '/en/auth/reset', '/en/auth/reset/', '/EN/AUTH/RESET']) {
  test('public', signedOutVisit, path, 'allow');
}
// `(.*)` over-matches siblings (fails safe); the public `:path*` form has no sibling hole.
test('(.*) sibling over-match, as the provider', signedOutVisit, '/en/scheduler', 'redirect');
test('public patterns are segment-bounded: no sibling hole next to /buy or /auth/reset', (t) => {
  const config = { protect: ['/:lang/:path*'] };
  t.is(decide('/en/buy/plan-1', { config }).kind, 'allow');
  t.is(decide('/en/buyer', { config }).kind, 'redirect');
  t.is(decide('/en/auth/reset', { config }).kind, 'allow');
  t.is(decide('/en/auth/reset-x', { config }).kind, 'redirect');
  t.is(decide('/en/auth/reset/x', { config }).kind, 'redirect');
});
// The association files are never guarded (Apple and Android need 200 without a redirect).
for (const path of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json', '/apple-app-site-association']) {
  test('association file', signedOutVisit, path, 'allow');
}
// Trailing slashes and case.
for (const path of ['/en/', '/EN', '/EN/SCHEDULE', '/En/Profile/', '/en/schedule/', '/en/schedule/42']) {
  test('trailing slash or case', signedOutVisit, path, 'redirect');
}
// Encoded and doubled slashes are normalised before matching, so they cannot slip past.
for (const path of [
  '/en//schedule',
  '//en/schedule',
  '/en/%73chedule',
  '/%65n/profile',
  '/en/schedule%2F1',
  '/en%2Fprofile',
  '/en/buy%2F..%2Fprofile',
  '/en/buy/..%2Fprofile',
]) {
  test('encoded path', signedOutVisit, path, 'redirect');
}
test('malformed percent-encoding', signedOutVisit, '/en/%E0%A4%A', 'bad-request');
test('encoded public path stays public', signedOutVisit, '/en/%62uy/plan', 'allow');

test('signed in, a protected page is allowed', (t) => {
  t.deepEqual(decide('/en/shop', { signedIn: true }), { kind: 'allow' });
});

test('the redirect is a 307 to the sign-in URL with the full original URL as redirect_url', (t) => {
  const decision = decide('/en/shop?x=1');
  t.deepEqual(decision, {
    kind: 'redirect',
    status: 307,
    location: `${ORIGIN}/sign-in?redirect_url=${encodeURIComponent(`${ORIGIN}/en/shop?x=1`)}`,
  });
});

test('the configured sign-in URL is used, and is itself never protected', (t) => {
  const config = { signInUrl: '/he/login' };
  const decision = decide('/en/profile', { config });
  t.is(decision.kind === 'redirect' ? new URL(decision.location).pathname : undefined, '/he/login');
  t.is(decide('/he/login', { config }).kind, 'allow');
  t.is(decide('/he', { config }).kind, 'redirect');
  const empty = decide('/en/profile', { config: { signInUrl: '' } });
  t.is(empty.kind === 'redirect' ? new URL(empty.location).pathname : undefined, '/sign-in');
});

test('a sign-in URL on another origin is redirected to, and local paths stay guarded', (t) => {
  const decision = decide('/en/profile', { config: { signInUrl: 'https://accounts.app.test/sign-in' } });
  t.is(decision.kind === 'redirect' ? decision.location.split('?')[0] : undefined, 'https://accounts.app.test/sign-in');
  t.is(decide('/sign-in', { config: { signInUrl: 'https://accounts.app.test/sign-in' } }).kind, 'allow');
});

test('a data request to a protected path gets 401, never a redirect nor a 404', (t) => {
  t.deepEqual(decide('/en/shop', { document: false }), { kind: 'unauthorized', status: 401 });
});

test('the E2E bypass lets every path through while signed out', (t) => {
  for (const path of ['/en', '/en/profile', '/en/%E0%A4%A']) t.is(decide(path, { config: { bypass: true } }).kind, 'allow');
});

test('custom protect and public lists replace the spec defaults', (t) => {
  const config = { protect: ['/:lang/admin/:path*'], public: ['/:lang/admin/help'] };
  t.is(decide('/en/admin/users', { config }).kind, 'redirect');
  t.is(decide('/en/admin/help', { config }).kind, 'allow');
  t.is(decide('/en/profile', { config }).kind, 'allow');
});

test('a guard without locales, or with unsupported pattern syntax, is refused when created', (t) => {
  t.throws(() => createRouteGuard({ locales: [] }), { instanceOf: TypeError });
  t.throws(() => createRouteGuard({ locales: LOCALES, protect: ['/:lang/(.*)/x'] }), { instanceOf: TypeError });
  t.throws(() => createRouteGuard({ locales: LOCALES, protect: ['en/x'] }), { instanceOf: TypeError });
});
