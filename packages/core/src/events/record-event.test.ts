import test from 'ava';
import { FixedClock } from '../testing/fixed-clock.js';
import { InMemoryEventDeliveries } from '../testing/in-memory-event-deliveries.js';
import { InMemoryEventLog } from '../testing/in-memory-event-log.js';
import { InMemoryWebhookEndpoints } from '../testing/in-memory-webhook-endpoints.js';
import { RecordingJobQueue } from '../testing/recording-job-queue.js';
import { SequentialIds } from '../testing/sequential-ids.js';
import { recordEvent } from './record-event.js';

test('an event is stored with an evt_ id and the clock’s time; with no endpoint it makes no delivery and no job', async (t) => {
  const eventLog = new InMemoryEventLog();
  const webhookEndpoints = new InMemoryWebhookEndpoints();
  const eventDeliveries = new InMemoryEventDeliveries({ eventLog, webhookEndpoints });
  const jobQueue = new RecordingJobQueue();
  const clock = new FixedClock(new Date('2026-12-05T10:00:00Z'));
  const event = await recordEvent(
    { eventLog, webhookEndpoints, eventDeliveries, jobQueue, clock, ids: new SequentialIds() },
    { type: 'membership.created', organizationId: 'org-1', data: { membershipId: 'm-1' } },
  );
  t.regex(event.id, /^evt_[0-9a-f]{32}$/);
  t.deepEqual(event.timestamp, clock.now());
  t.deepEqual(eventLog.events, [event]);
  t.deepEqual(eventDeliveries.all(), []);
  t.deepEqual(jobQueue.enqueued, []);
});
