import test from 'ava';
import type { Analytics } from '@idv/core';
import { RecordingLogger } from '@idv/core/testing';
import { BackgroundAnalytics } from './background-analytics.js';

/** An analytics vendor whose calls stay pending until released. */
const heldAnalytics = () => {
  const pending: { call: string; release: () => void; fail: (error: Error) => void }[] = [];
  const hold = (call: string) => new Promise<void>((release, fail) => pending.push({ call, release, fail }));
  const analytics: Analytics = { identify: (id) => hold(`identify ${id}`), track: (id, event) => hold(`track ${id} ${event}`) };
  return { analytics, pending };
};

test('a call answers at once while the vendor is still working, and drain waits for it', async (t) => {
  const vendor = heldAnalytics();
  const background = new BackgroundAnalytics(vendor.analytics, new RecordingLogger());
  await background.track('user_1', 'user_signed_up');
  t.deepEqual(
    vendor.pending.map((p) => p.call),
    ['track user_1 user_signed_up'],
  );
  let drained = false;
  const draining = background.drain().then(() => (drained = true));
  await Promise.resolve();
  t.false(drained);
  vendor.pending[0]!.release();
  await draining;
  t.true(drained);
});

test('spec: a failed call is logged at warn and not surfaced', async (t) => {
  const vendor = heldAnalytics();
  const logger = new RecordingLogger();
  const background = new BackgroundAnalytics(vendor.analytics, logger);
  await background.identify('user_1', {});
  vendor.pending[0]!.fail(new Error('vendor down'));
  await background.drain();
  t.like(logger.entries.at(-1), {
    level: 'warn',
    message: 'analytics call failed',
    fields: { idpId: 'user_1', call: 'identify', err: 'vendor down' },
  });
});

test('calls beyond the in-flight bound are dropped with a warning instead of queueing without limit', async (t) => {
  const vendor = heldAnalytics();
  const logger = new RecordingLogger();
  const background = new BackgroundAnalytics(vendor.analytics, logger, { maxInFlight: 2 });
  for (const id of ['user_1', 'user_2', 'user_3']) await background.identify(id, {});
  t.is(vendor.pending.length, 2);
  t.like(logger.entries.at(-1), { level: 'warn', message: 'analytics call dropped: too many in flight', fields: { idpId: 'user_3' } });
  for (const p of vendor.pending) p.release();
  await background.drain();
  await background.identify('user_4', {});
  t.is(vendor.pending.length, 3);
});

test('a call that never answers is abandoned after the timeout and logged at warn; the calls after it still run', async (t) => {
  const vendor = heldAnalytics();
  const logger = new RecordingLogger();
  const background = new BackgroundAnalytics(vendor.analytics, logger, { timeoutMs: 1 });
  await background.track('user_1', 'user_signed_up');
  await background.drain();
  t.like(logger.entries.at(-1), { level: 'warn', message: 'analytics call failed', fields: { err: 'timed out after 1 ms' } });
  // One timer serves every call: the next call is not abandoned with the first, nor reported.
  await background.track('user_2', 'user_signed_up');
  vendor.pending[1]!.release();
  await background.drain();
  t.deepEqual(
    logger.entries.map((entry) => entry.fields),
    [{ idpId: 'user_1', call: 'track user_signed_up', err: 'timed out after 1 ms' }],
  );
});

test('a vendor that throws before returning a promise is logged at warn like one that rejects', async (t) => {
  const logger = new RecordingLogger();
  const throwing: Analytics = {
    identify: () => {
      throw new Error('vendor misconfigured');
    },
    track: async () => undefined,
  };
  const background = new BackgroundAnalytics(throwing, logger);
  await background.identify('user_1', {});
  await background.track('user_1', 'user_signed_up');
  await background.drain();
  t.deepEqual(
    logger.entries.filter((entry) => entry.level === 'warn').map((entry) => entry.fields),
    [{ idpId: 'user_1', call: 'identify', err: 'vendor misconfigured' }],
  );
});
