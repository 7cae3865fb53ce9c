import test from 'ava';
import { RecordingLogger } from '@idv/core/testing';
import { createPostHogAnalytics } from './posthog-analytics.js';
import { startVendorStandIn } from './testing/vendor-stand-in.js';

test('identify and user_signed_up are queued, then flushed at close to the batch endpoint', async (t) => {
  const posthog = await startVendorStandIn();
  const analytics = createPostHogAnalytics({ apiKey: 'phc_test_project_key', host: posthog.url, logger: new RecordingLogger() });
  await analytics.identify('user_2g7np7Hrk0SN6kj5EDMLDaKNL0S', { userId: '0b7e3c2e-1111-4222-8333-944455556666' });
  await analytics.track('user_2g7np7Hrk0SN6kj5EDMLDaKNL0S', 'user_signed_up');
  t.deepEqual(posthog.requests, [], 'nothing is sent on the caller’s path');
  await analytics.close(5_000);
  await posthog.close();
  const events = posthog.postHogEvents();
  t.deepEqual(
    events.map((event) => [event.event, event.distinct_id]),
    [
      ['$identify', 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S'],
      ['user_signed_up', 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S'],
    ],
  );
  t.true(posthog.text().includes('phc_test_project_key'));
});

test('spec: an unreachable host never surfaces to the caller, nor fails the shutdown', async (t) => {
  const posthog = await startVendorStandIn();
  await posthog.close();
  const analytics = createPostHogAnalytics({ apiKey: 'phc_test_project_key', host: posthog.url, logger: new RecordingLogger() });
  await t.notThrowsAsync(analytics.track('user_1', 'user_signed_up'));
  // The vendor retries for a while; the shutdown gives up after its budget instead of hanging.
  await t.notThrowsAsync(analytics.close(200));
});
