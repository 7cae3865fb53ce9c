import test from 'ava';
import { LoggingErrorTracker, createLogger } from '@idv/server';
import { LogCapture } from '../support/log-capture.js';

test('concurrent request scopes keep their own tracked user and breadcrumbs', async (t) => {
  const logs = new LogCapture();
  const tracker = new LoggingErrorTracker(createLogger('info', logs));
  let releaseFirst: () => void = () => undefined;
  const firstMayFail = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  const first = tracker.scope(async () => {
    tracker.setUser('user_first');
    tracker.addBreadcrumb({ category: 'webhook.idp', data: { idpId: 'user_first' } });
    await firstMayFail;
    tracker.captureException(new Error('first failed'));
  });
  const second = tracker.scope(async () => {
    tracker.setUser('user_second');
    tracker.addBreadcrumb({ category: 'webhook.idp', data: { idpId: 'user_second' } });
    releaseFirst();
  });
  await Promise.all([first, second]);
  const [captured] = logs.records().filter((record) => record['msg'] === 'captured exception');
  t.like(captured, {
    idpUser: 'user_first',
    breadcrumbs: [{ category: 'webhook.idp', data: { idpId: 'user_first' } }],
    err: { message: 'first failed' },
  });
  t.is((captured?.['breadcrumbs'] as unknown[]).length, 1);
});

test("a defect during a request is logged with that request's user", async (t) => {
  const logs = new LogCapture();
  const tracker = new LoggingErrorTracker(createLogger('info', logs));
  await tracker.scope(async () => {
    tracker.setUser('user_caller');
    tracker.captureException(new Error('provider down'), { path: '/users/me' });
  });
  t.like(logs.records()[0], { level: 50, idpUser: 'user_caller', context: { path: '/users/me' } });
});
