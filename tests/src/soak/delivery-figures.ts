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
  /** Messages never accepted. */
  readonly undelivered: readonly string[];
}

const ok = (status: DeliveryRecord['status']): boolean => typeof status === 'number' && status >= 200 && status < 300;

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
    undelivered: undeliveredMessages(log),
  };
};
