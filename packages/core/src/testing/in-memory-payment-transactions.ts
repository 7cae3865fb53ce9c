import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { OrganizationId } from '../organization/organization.js';
import type { PaymentId, PaymentTransaction } from '../payments/payment.js';
import { isFinal, OPEN_STATUSES, SWEPT_STATUSES, type PaymentStatus } from '../payments/payment-status.js';
import type { PaymentChange, PaymentLookup, PaymentTransactions, SweepCutoffs } from '../payments/ports/payment-transactions.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

const column = (lookup: PaymentLookup): keyof PaymentTransaction =>
  (
    ({
      merchantReference: 'merchantReference',
      providerPaymentId: 'providerPaymentId',
      providerToken: 'providerToken',
      orderReferenceCode: 'orderReferenceCode',
    }) as const
  )[lookup.by];

const UNIQUE = ['merchantReference', 'providerPaymentId', 'providerToken', 'orderReferenceCode'] as const;

/** The PaymentTransactions port in memory, with the same uniqueness and guards as the table. */
export class InMemoryPaymentTransactions implements PaymentTransactions {
  private readonly rows = new Map<PaymentId, PaymentTransaction>();

  async create(transaction: PaymentTransaction): Promise<void> {
    assert.ok(!this.rows.has(transaction.id), 'duplicate payment id');
    for (const row of this.rows.values()) {
      if (row.provider !== transaction.provider) continue;
      for (const key of UNIQUE) assert.ok(transaction[key] === null || row[key] !== transaction[key], `duplicate ${key}`);
    }
    this.rows.set(transaction.id, transaction);
  }

  async createRenewal(transaction: PaymentTransaction): Promise<PaymentTransaction> {
    const existing = [...this.rows.values()].find(
      (row) => row.provider === transaction.provider && row.orderReferenceCode === transaction.orderReferenceCode,
    );
    if (existing !== undefined) return existing;
    await this.create(transaction);
    return transaction;
  }

  async hasOpen(organizationId: OrganizationId): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.organizationId === organizationId && OPEN_STATUSES.includes(row.status));
  }

  async list(organizationId: OrganizationId, page: PageRequest): Promise<Page<PaymentTransaction>> {
    const mine = [...this.rows.values()].filter((row) => row.organizationId === organizationId);
    return paginate(mine, page, { at: (p) => p.createdAt, id: (p) => p.id, direction: 'desc' });
  }

  async listDueForSweep(cutoffs: SweepCutoffs, limit: number): Promise<readonly PaymentTransaction[]> {
    return [...this.rows.values()]
      .filter(
        (row) =>
          (SWEPT_STATUSES.created.includes(row.status) && row.createdAt < cutoffs.createdBefore) ||
          (SWEPT_STATUSES.updated.includes(row.status) && row.updatedAt < cutoffs.updatedBefore),
      )
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async findById(id: PaymentId): Promise<O.Option<PaymentTransaction>> {
    return O.fromNullable(this.rows.get(id));
  }

  async find(lookup: PaymentLookup): Promise<O.Option<PaymentTransaction>> {
    const key = column(lookup);
    return O.fromNullable([...this.rows.values()].find((row) => row.provider === lookup.provider && row[key] === lookup.value));
  }

  async transition(id: PaymentId, from: readonly PaymentStatus[], change: PaymentChange): Promise<O.Option<PaymentTransaction>> {
    const row = this.rows.get(id);
    if (row === undefined || !from.includes(row.status)) return O.none;
    const next: PaymentTransaction = {
      ...row,
      status: change.status,
      updatedAt: change.at,
      completedAt: isFinal(change.status) ? change.at : row.completedAt,
      ...(change.failureCode === undefined ? {} : { failureCode: change.failureCode }),
      ...(change.paidAmountMinor === undefined ? {} : { paidAmountMinor: change.paidAmountMinor }),
      ...(change.lateSuccess === undefined ? {} : { lateSuccess: change.lateSuccess }),
      ...(change.providerPaymentId === undefined ? {} : { providerPaymentId: change.providerPaymentId }),
      ...(change.providerToken === undefined ? {} : { providerToken: change.providerToken }),
    };
    this.rows.set(id, next);
    return O.some(next);
  }
}
