import assert from 'node:assert/strict';
import type { IdempotencyKey, IdempotencyRecord } from '../commerce/idempotency.js';
import type { IdempotencyRecords } from '../commerce/ports/idempotency-records.js';
import type { ContractCase } from './users.contract.js';

const T = (hours: number): Date => new Date(Date.UTC(2026, 2, 1, hours));
const key = (n: number): IdempotencyKey => `contract-key-${n}` as IdempotencyKey;
const claimOf = (n: number, scope = 'purchase:contract', fingerprint = 'fp-a', at = 0): Omit<IdempotencyRecord, 'answer'> => ({
  scope,
  key: key(n),
  fingerprint,
  createdAt: T(at),
  expiresAt: T(at + 24),
});

/** The IdempotencyRecords port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const idempotencyRecordsContract: readonly ContractCase<IdempotencyRecords>[] = [
  {
    name: 'the first claim wins; a second finds the record, with its answer once completed',
    async run(records) {
      assert.equal(await records.claim(claimOf(1)), null);
      assert.deepEqual(await records.claim(claimOf(1, 'purchase:contract', 'fp-b', 1)), { ...claimOf(1), answer: null });
      await records.complete('purchase:contract', key(1), { status: 201, body: { purchase: { id: 'p1', status: 'awaiting_payment' } } });
      assert.deepEqual(await records.claim(claimOf(1, 'purchase:contract', 'fp-a', 2)), {
        ...claimOf(1),
        answer: { status: 201, body: { purchase: { id: 'p1', status: 'awaiting_payment' } } },
      });
    },
  },
  {
    name: 'a key is unique within its scope only',
    async run(records) {
      assert.equal(await records.claim(claimOf(2, 'purchase:one')), null);
      assert.equal(await records.claim(claimOf(2, 'purchase:two')), null);
    },
  },
  {
    name: 'an expired record is replaced by a new claim, answer cleared',
    async run(records) {
      assert.equal(await records.claim(claimOf(3)), null);
      await records.complete('purchase:contract', key(3), { status: 201, body: { first: true } });
      assert.equal(await records.claim(claimOf(3, 'purchase:contract', 'fp-b', 24)), null, 'expired at its 24th hour');
      assert.deepEqual(await records.claim(claimOf(3, 'purchase:contract', 'fp-c', 25)), {
        ...claimOf(3, 'purchase:contract', 'fp-b', 24),
        answer: null,
      });
    },
  },
  {
    name: 'a released claim without an answer is gone; a completed one is not released',
    async run(records) {
      assert.equal(await records.claim(claimOf(4)), null);
      await records.release('purchase:contract', key(4));
      assert.equal(await records.claim(claimOf(4)), null, 'claimed afresh');
      await records.complete('purchase:contract', key(4), { status: 422, body: { code: 'PaymentRefused' } });
      await records.release('purchase:contract', key(4));
      assert.notEqual(await records.claim(claimOf(4)), null, 'an answered key is kept');
    },
  },
  {
    name: 'two concurrent claims of one key: exactly one wins',
    async run(records) {
      const results = await Promise.all([records.claim(claimOf(5)), records.claim(claimOf(5, 'purchase:contract', 'fp-b'))]);
      assert.equal(results.filter((result) => result === null).length, 1);
    },
  },
  {
    // Hours before every other case's records, which run alongside on the same store and must outlive this prune.
    name: 'pruning deletes the records expired at that time and keeps the live ones',
    async run(records) {
      assert.equal(await records.claim(claimOf(6, 'purchase:prune', 'fp-a', -100)), null);
      assert.equal(await records.claim(claimOf(7, 'purchase:prune', 'fp-a', -90)), null);
      assert.ok((await records.pruneExpired(T(-76))) >= 1);
      // Claimed again at an hour both were live: the pruned one is claimed afresh, the kept one found.
      assert.equal(await records.claim(claimOf(6, 'purchase:prune', 'fp-b', -90)), null, 'pruned');
      assert.notEqual(await records.claim(claimOf(7, 'purchase:prune', 'fp-b', -89)), null, 'kept');
    },
  },
];
