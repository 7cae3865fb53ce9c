import type { IdempotencyAnswer, IdempotencyKey, IdempotencyRecord } from '../idempotency.js';

/** Kept `Idempotency-Key`s (`idempotency_records`), unique per scope and key. */
export interface IdempotencyRecords {
  /**
   * Claims the key for a first request, in one guarded statement: null when this call claimed it
   * (no record, or only an expired one, which it replaces); otherwise the live record another
   * request made. Of two concurrent claims, exactly one gets null.
   */
  claim(record: Omit<IdempotencyRecord, 'answer'>): Promise<IdempotencyRecord | null>;
  /** Keeps the claimed key's answer, to be answered again until it expires. */
  complete(scope: string, key: IdempotencyKey, answer: IdempotencyAnswer): Promise<void>;
  /** Drops a claim that got no answer (its request failed as a defect), so a retry runs afresh. */
  release(scope: string, key: IdempotencyKey): Promise<void>;
  /** Deletes the records that expired at or before `now`; answers how many went. */
  pruneExpired(now: Date): Promise<number>;
}
