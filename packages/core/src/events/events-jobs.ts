import type { InvitationStepsDeps } from '../invitation/invitation-steps.js';
import { expirePendingInvitations } from '../invitation/use-cases/expire-pending-invitations.js';
import type { JobHandlers } from '../jobs/job-queue.js';
import { deliver } from './delivery/deliver.js';
import { DELIVER_JOB, type DeliveryPorts } from './delivery/delivery-ports.js';
import { fanOut } from './delivery/fan-out.js';
import { FAN_OUT_JOB } from './record-event.js';

/** The periodic job that deletes feed events past the retention. */
export const PRUNE_FEED_JOB = 'events.prune-feed';
/** The periodic job that expires pending invitations past `expiresAt`. */
export const EXPIRE_INVITATIONS_JOB = 'invitations.expire';
/** How long the pull feed keeps events (documented in the README). */
export const FEED_RETENTION_DAYS = 30;

/** Ports of the events area's jobs. */
export type EventsJobPorts = DeliveryPorts & InvitationStepsDeps;

/**
 * The events area's delivery jobs, by name: `events.deliver` (one signed attempt) and
 * `events.fan-out` (the deliveries of an event an earlier version recorded with that job instead).
 *
 * @example
 * const handlers = eventsJobHandlers(ports); // { 'events.fan-out': …, 'events.deliver': … }
 */
export const eventsJobHandlers = (ports: DeliveryPorts): JobHandlers => ({
  [FAN_OUT_JOB]: fanOut(ports),
  [DELIVER_JOB]: deliver(ports),
});

/**
 * The events area's periodic jobs, by name, for the fleet-wide periodic mechanism to run:
 * `events.prune-feed` (the feed's 30-day retention) and `invitations.expire` (pending invitations
 * past `expiresAt`, with `invitation.expired`).
 *
 * @example
 * await eventsPeriodicHandlers(ports)['events.prune-feed']!({});
 */
export const eventsPeriodicHandlers = (ports: EventsJobPorts): JobHandlers => ({
  [PRUNE_FEED_JOB]: async () => {
    await ports.eventLog.prune(new Date(ports.clock.now().getTime() - FEED_RETENTION_DAYS * 86_400_000));
  },
  [EXPIRE_INVITATIONS_JOB]: async () => {
    await expirePendingInvitations(ports)();
  },
});
