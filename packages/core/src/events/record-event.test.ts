import test from 'ava';
import { FixedClock } from '../testing/fixed-clock.js';
import { InMemoryEventLog } from '../testing/in-memory-event-log.js';
import { RecordingJobQueue } from '../testing/recording-job-queue.js';
import { SequentialIds } from '../testing/sequential-ids.js';
import { FAN_OUT_JOB, recordEvent } from './record-event.js';

test('an event is stored with an evt_ id and the clock’s time, and its fan-out job names it', async (t) => {
  const eventLog = new InMemoryEventLog();
  const jobQueue = new RecordingJobQueue();
  const clock = new FixedClock(new Date('2026-12-05T10:00:00Z'));
  const event = await recordEvent(
    { eventLog, jobQueue, clock, ids: new SequentialIds() },
    { type: 'membership.created', organizationId: 'org-1', data: { membershipId: 'm-1' } },
  );
  t.regex(event.id, /^evt_[0-9a-f]{32}$/);
  t.deepEqual(event.timestamp, clock.now());
  t.deepEqual(eventLog.events, [event]);
  t.deepEqual(jobQueue.enqueued, [{ name: FAN_OUT_JOB, data: { eventId: event.id }, options: {} }]);
});
