import test from 'ava';
import { RequestScopes } from './request-scopes.js';
import { createSentryErrorTracker } from './sentry-error-tracker.js';
import { startVendorStandIn } from './testing/vendor-stand-in.js';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEyMyJ9.c2lnbmF0dXJlLXBhcnQ';

test('a defect is sent with the request scope: user = sub only, its breadcrumbs, its request id', async (t) => {
  const sentry = await startVendorStandIn();
  const scopes = new RequestScopes();
  const tracker = createSentryErrorTracker({ dsn: sentry.sentryDsn, environment: 'test', scopes });
  await scopes.run('req-123', async () => {
    tracker.setUser('user_2g7np7Hrk0SN6kj5EDMLDaKNL0S');
    tracker.addBreadcrumb({ category: 'webhook.idp', data: { eventType: 'user.created', idpId: 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S' } });
    tracker.captureException(new Error('provider down'), { method: 'GET', path: '/users/me' });
  });
  await tracker.close(5_000);
  await sentry.close();
  const [event, ...others] = sentry.sentryEvents();
  t.deepEqual(others, []);
  t.deepEqual(event?.user, { id: 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S' });
  t.is(event?.tags?.['request_id'], 'req-123');
  t.like(event?.breadcrumbs?.[0], { category: 'webhook.idp', data: { eventType: 'user.created' } });
  t.like(event?.exception?.values?.[0], { type: 'Error', value: 'provider down' });
  t.like(event?.contexts?.['context'], { method: 'GET', path: '/users/me' });
  t.is(event?.request, undefined);
});

test('concurrent requests never mix their users or breadcrumbs', async (t) => {
  const sentry = await startVendorStandIn();
  const scopes = new RequestScopes();
  const tracker = createSentryErrorTracker({ dsn: sentry.sentryDsn, environment: 'test', scopes });
  let releaseFirst: () => void = () => undefined;
  const firstMayFail = new Promise<void>((resolve) => (releaseFirst = resolve));
  await Promise.all([
    scopes.run('req-first', async () => {
      tracker.setUser('user_first');
      tracker.addBreadcrumb({ category: 'first' });
      await firstMayFail;
      tracker.captureException(new Error('first failed'));
    }),
    scopes.run('req-second', async () => {
      tracker.setUser('user_second');
      tracker.addBreadcrumb({ category: 'second' });
      releaseFirst();
    }),
  ]);
  await tracker.close(5_000);
  await sentry.close();
  const [event] = sentry.sentryEvents();
  t.deepEqual(event?.user, { id: 'user_first' });
  t.is(event?.tags?.['request_id'], 'req-first');
  t.deepEqual(
    event?.breadcrumbs?.map((breadcrumb) => breadcrumb.category),
    ['first'],
  );
});

test('tokens, emails, keys, national IDs and sensitive keys are scrubbed before anything is sent', async (t) => {
  const sentry = await startVendorStandIn();
  const scopes = new RequestScopes();
  const tracker = createSentryErrorTracker({ dsn: sentry.sentryDsn, environment: 'test', scopes });
  await scopes.run('req-1', async () => {
    tracker.addBreadcrumb({
      category: 'http',
      message: `Bearer ${TOKEN} for ada@example.com`,
      data: { authorization: `Bearer ${TOKEN}`, token: 'inv_secret', nationalId: '10000000146', note: 'key sk_test_abc123' },
    });
    tracker.captureException(new Error(`user ada@example.com sent ${TOKEN} and 10000000146 with whsec_c2VjcmV0`), {
      email: 'ada@example.com',
      body: '{"password":"x"}',
    });
  });
  await tracker.close(5_000);
  await sentry.close();
  const received = sentry.text();
  t.is(sentry.sentryEvents().length, 1);
  for (const secret of [TOKEN, 'ada@example.com', '10000000146', 'inv_secret', 'sk_test_abc123', 'whsec_c2VjcmV0', 'password']) {
    t.false(received.includes(secret), `${secret} reached the stand-in`);
  }
});
