import type { JobHandlers } from '../jobs/job-queue.js';
import type { Clock } from '../shared/clock.js';
import type { IdempotencyRecords } from './ports/idempotency-records.js';

/** The periodic job that deletes `Idempotency-Key` records past their 24 hours. */
export const PRUNE_IDEMPOTENCY_KEYS_JOB = 'commerce.prune-idempotency-keys';

/** Ports of the commerce area's periodic jobs. */
export interface CommerceJobPorts {
  readonly idempotencyRecords: IdempotencyRecords;
  readonly clock: Clock;
}

/**
 * The commerce area's periodic jobs, by name, for the fleet-wide periodic mechanism to run:
 * `commerce.prune-idempotency-keys` (an expired key is already replaced when reused; this keeps the
 * table from growing with keys never sent again).
 *
 * @example
 * await commercePeriodicHandlers(ports)['commerce.prune-idempotency-keys']!({});
 */
export const commercePeriodicHandlers = (ports: CommerceJobPorts): JobHandlers => ({
  [PRUNE_IDEMPOTENCY_KEYS_JOB]: async () => {
    await ports.idempotencyRecords.pruneExpired(ports.clock.now());
  },
});
