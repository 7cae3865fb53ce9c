import { undeliveredMessages } from '../support/e2e-convergence.js';
import type { DeliveryRecord } from '../support/e2e-emulator-client.js';

/** What the emulator's delivery log says about a soak. */
export interface DeliveryFigures {
  /** Distinct messages published (each user.created, user.updated, user.deleted). */
  readonly messages: number;
  /** Every attempt: first copies, duplicate copies and retries. */
  readonly attempts: number;
  /** Extra copies of a message the emulator sent on purpose (duplicate mode). */
  readonly duplicateCopies: number;
  /** Deliveries the service accepted after it had accepted a newer event of the same user. */
  readonly reorderings: number;
  /** Attempts after a failed one (the provider's retry schedule). */
  readonly retries: number;
  /** Attempts by status (`200`, `500`, `network-error`, …). */
  readonly statuses: ReadonlyMap<string, number>;
  /** The most attempts sent inside any 60 s (the default `PUBLIC_RATE_LIMIT_*` window), all from one address. */
  readonly peakPerMinute: number;
  /** Messages never accepted. */
  readonly undelivered: readonly string[];
}

const ok = (status: DeliveryRecord['status']): boolean => typeof status === 'number' && status >= 200 && status < 300;

/** The most attempts whose start falls inside one 60 s window (two pointers over the sorted starts). */
const peakPerMinute = (log: readonly DeliveryRecord[]): number => {
  const starts = log.map((attempt) => attempt.at).sort((a, b) => a - b);
  let peak = 0;
  for (let first = 0, last = 0; last < starts.length; last += 1) {
    while (starts[last]! - starts[first]! >= 60_000) first += 1;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
};

/** Figures of a settled delivery log (oldest attempt first). */
export const deliveryFigures = (log: readonly DeliveryRecord[]): DeliveryFigures => {
  const firstCopies = new Map<string, number>();
  const newestAccepted = new Map<string, number>();
  const statuses = new Map<string, number>();
  let reorderings = 0;
  for (const attempt of log) {
    statuses.set(String(attempt.status), (statuses.get(String(attempt.status)) ?? 0) + 1);
    if (attempt.attempt === 1) firstCopies.set(attempt.messageId, (firstCopies.get(attempt.messageId) ?? 0) + 1);
    if (!ok(attempt.status)) continue;
    const newest = newestAccepted.get(attempt.userId) ?? 0;
    if (attempt.sequence < newest) reorderings += 1;
    else newestAccepted.set(attempt.userId, attempt.sequence);
  }
  return {
    messages: new Set(log.map((attempt) => attempt.messageId)).size,
    attempts: log.length,
    duplicateCopies: [...firstCopies.values()].reduce((sum, copies) => sum + copies - 1, 0),
    reorderings,
    retries: log.filter((attempt) => attempt.attempt > 1).length,
    statuses,
    peakPerMinute: peakPerMinute(log),
    undelivered: undeliveredMessages(log),
  };
};
