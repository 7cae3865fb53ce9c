import type { Option } from 'fp-ts/lib/Option.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { PaymentId, PaymentProvider, PaymentTransaction } from '../payment.js';
import type { PaymentStatus } from '../payment-status.js';

/** How a callback finds its transaction: each by a unique column of `payment_transactions`. */
export type PaymentLookup =
  | { readonly by: 'merchantReference'; readonly provider: PaymentProvider; readonly value: string }
  | { readonly by: 'providerPaymentId'; readonly provider: PaymentProvider; readonly value: string }
  | { readonly by: 'providerToken'; readonly provider: PaymentProvider; readonly value: string }
  | { readonly by: 'orderReferenceCode'; readonly provider: PaymentProvider; readonly value: string };

/** One state transition and what it records with the new status. */
export interface PaymentChange {
  readonly status: PaymentStatus;
  readonly at: Date;
  readonly failureCode?: string | null;
  readonly paidAmountMinor?: number | null;
  readonly lateSuccess?: boolean;
  readonly providerPaymentId?: string | null;
  readonly providerToken?: string | null;
}

/** Which open payments the sweeper looks at (reference §8.4). */
export interface SweepCutoffs {
  /** `SWEPT_STATUSES.created` created before this: the payer's time is up (`PAYMENT_PENDING_TTL_MINUTES`). */
  readonly createdBefore: Date;
  /** `SWEPT_STATUSES.updated` not touched since this: stuck, ask the provider. */
  readonly updatedBefore: Date;
}

/** The `payment_transactions` rows. */
export interface PaymentTransactions {
  /** Inserts a new transaction; a duplicate id, merchant reference or provider id is a defect. */
  create(transaction: PaymentTransaction): Promise<void>;
  /** The transaction with this id, if any. */
  findById(id: PaymentId): Promise<Option<PaymentTransaction>>;
  /** The transaction a lookup (a provider reference) names, if any. */
  find(lookup: PaymentLookup): Promise<Option<PaymentTransaction>>;
  /**
   * Inserts a subscription renewal unless one with the same (provider, order reference) exists;
   * answers the stored row either way, so concurrent deliveries for one order share one row.
   */
  createRenewal(transaction: PaymentTransaction): Promise<PaymentTransaction>;
  /** Whether the organization has a payment in an open status (`OPEN_STATUSES`: the provider may still move it). */
  hasOpen(organizationId: OrganizationId): Promise<boolean>;
  /** The organization's payments, newest first. */
  list(organizationId: OrganizationId, page: PageRequest): Promise<Page<PaymentTransaction>>;
  /** Up to `limit` open payments due for the sweeper (see `SweepCutoffs`), least recently touched first. */
  listDueForSweep(cutoffs: SweepCutoffs, limit: number): Promise<readonly PaymentTransaction[]>;
  /**
   * One guarded transition: applies `change` only while the status is one of `from` (a single
   * statement, so two concurrent callers cannot both move it); None when it was not.
   */
  transition(id: PaymentId, from: readonly PaymentStatus[], change: PaymentChange): Promise<Option<PaymentTransaction>>;
}
