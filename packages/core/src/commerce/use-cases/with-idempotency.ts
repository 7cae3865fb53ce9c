import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Clock } from '../../shared/clock.js';
import {
  IDEMPOTENCY_TTL_MS,
  isKeptAnswer,
  judgeRepeat,
  type IdempotencyAnswer,
  type IdempotencyKey,
  type RepeatedKeyError,
} from '../idempotency.js';
import type { IdempotencyRecords } from '../ports/idempotency-records.js';

/** Ports the idempotency guard needs. */
export interface IdempotencyDeps {
  readonly idempotencyRecords: IdempotencyRecords;
  readonly clock: Clock;
}

/** An answer, and whether it is the first request's answered again. */
export interface IdempotentAnswer extends IdempotencyAnswer {
  readonly replayed: boolean;
}

/**
 * Runs `answer` once per key and body for 24 hours: the first request claims the key and keeps its
 * answer; the same key with the same body answers that answer again (`replayed`); with another body
 * `IdempotencyKeyReused`; while the first is still running `IdempotencyKeyInProgress`. A defect in
 * `answer`, or an answer not kept (`isKeptAnswer`: 5xx, 403, 429), releases the claim, so a retry runs afresh.
 *
 * @example
 * await withIdempotency(deps)(`purchase:${orgId}`, key, fingerprint, () => startPurchase(…))();
 */
export const withIdempotency =
  (deps: IdempotencyDeps) =>
  (
    scope: string,
    key: IdempotencyKey,
    fingerprint: string,
    answer: () => Promise<IdempotencyAnswer>,
  ): TE.TaskEither<RepeatedKeyError, IdempotentAnswer> =>
  async () => {
    const now = deps.clock.now();
    const existing = await deps.idempotencyRecords.claim({
      scope,
      key,
      fingerprint,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    });
    if (existing !== null) return E.map((first: IdempotencyAnswer) => ({ ...first, replayed: true }))(judgeRepeat(existing, fingerprint));
    let answered: IdempotencyAnswer;
    try {
      answered = await answer();
    } catch (defect) {
      await deps.idempotencyRecords.release(scope, key);
      throw defect;
    }
    if (isKeptAnswer(answered.status)) await deps.idempotencyRecords.complete(scope, key, answered);
    else await deps.idempotencyRecords.release(scope, key);
    return E.right({ ...answered, replayed: false });
  };
