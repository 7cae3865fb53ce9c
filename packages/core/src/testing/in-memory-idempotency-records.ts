import type { IdempotencyAnswer, IdempotencyKey, IdempotencyRecord } from '../commerce/idempotency.js';
import type { IdempotencyRecords } from '../commerce/ports/idempotency-records.js';

/** The IdempotencyRecords port in memory (one thing at a time, so a claim is atomic). */
export class InMemoryIdempotencyRecords implements IdempotencyRecords {
  private readonly rows = new Map<string, IdempotencyRecord>();

  async claim(record: Omit<IdempotencyRecord, 'answer'>): Promise<IdempotencyRecord | null> {
    const id = JSON.stringify([record.scope, record.key]);
    const existing = this.rows.get(id);
    if (existing !== undefined && existing.expiresAt > record.createdAt) return existing;
    this.rows.set(id, { ...record, answer: null });
    return null;
  }

  async complete(scope: string, key: IdempotencyKey, answer: IdempotencyAnswer): Promise<void> {
    const id = JSON.stringify([scope, key]);
    const existing = this.rows.get(id);
    if (existing !== undefined) this.rows.set(id, { ...existing, answer });
  }

  async release(scope: string, key: IdempotencyKey): Promise<void> {
    const id = JSON.stringify([scope, key]);
    if (this.rows.get(id)?.answer === null) this.rows.delete(id);
  }

  async pruneExpired(now: Date): Promise<number> {
    let pruned = 0;
    for (const [id, record] of this.rows)
      if (record.expiresAt <= now) {
        this.rows.delete(id);
        pruned += 1;
      }
    return pruned;
  }

  /** Every kept record, for assertions. */
  all(): readonly IdempotencyRecord[] {
    return [...this.rows.values()];
  }
}
