import test from 'ava';
import { createEventsWorld } from '../testing/events-world.js';
import { emitEvent } from './emit-event.js';
import { eventsPeriodicHandlers, PRUNE_FEED_JOB } from './events-jobs.js';

test('the prune job deletes feed events older than 30 days and keeps the rest', async (t) => {
  const world = createEventsWorld();
  const data = { organizationId: 'org-1', deletedAt: '2026-01-01T00:00:00.000Z' };
  await emitEvent(world, 'organization.deleted', 'org-1', data);
  world.clock.advance(2 * 86_400_000);
  const kept = await emitEvent(world, 'organization.deleted', 'org-1', data);
  world.clock.advance(29 * 86_400_000);
  await eventsPeriodicHandlers(world)[PRUNE_FEED_JOB]!({});
  t.deepEqual(
    world.eventLog.events.map((event) => event.id),
    [kept.id],
  );
});
