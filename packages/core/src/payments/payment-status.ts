import * as t from 'io-ts';

/** Where a payment stands (reference §8.5); `succeeded` never regresses. */
export const PaymentStatus = t.keyof(
  {
    initiated: null,
    awaiting_customer: null,
    authorizing: null,
    under_review: null,
    succeeded: null,
    failed: null,
    expired: null,
    refunded: null,
  },
  'PaymentStatus',
);
/** A payment status. */
export type PaymentStatus = t.TypeOf<typeof PaymentStatus>;

/** Which of a payment's times the sweeper's cutoff is measured from. */
export type SweepClock = 'created' | 'updated';

/**
 * The status table, every status list's one source. `open`: the payment can still move on its own
 * (callbacks, the sweeper), and a verified failure or success moves it; any other status is final
 * for the payer (it sets `completedAt`). `reviewable`: a success the provider's own detail does not
 * confirm (a renewal) puts it `under_review`; from `failed` too, since iyzico retries a failed renewal.
 * `sweptAfter`: the time the sweeper's cutoff is measured from, for an open status.
 */
const STATUS_TABLE: {
  readonly [S in PaymentStatus]: { readonly open: boolean; readonly reviewable: boolean; readonly sweptAfter: SweepClock | null };
} = {
  initiated: { open: true, reviewable: true, sweptAfter: 'created' },
  awaiting_customer: { open: true, reviewable: true, sweptAfter: 'created' },
  authorizing: { open: true, reviewable: true, sweptAfter: 'updated' },
  under_review: { open: true, reviewable: false, sweptAfter: 'updated' },
  succeeded: { open: false, reviewable: false, sweptAfter: null },
  failed: { open: false, reviewable: true, sweptAfter: null },
  expired: { open: false, reviewable: false, sweptAfter: null },
  refunded: { open: false, reviewable: false, sweptAfter: null },
};

const statusesWhere = (keep: (row: (typeof STATUS_TABLE)[PaymentStatus]) => boolean): readonly PaymentStatus[] =>
  (Object.keys(PaymentStatus.keys) as PaymentStatus[]).filter((status) => keep(STATUS_TABLE[status]));

/** Statuses from which a payment can still move on its own (callbacks, the sweeper). */
export const OPEN_STATUSES: readonly PaymentStatus[] = statusesWhere((row) => row.open);

/** Statuses an unconfirmed success moves to `under_review`. */
export const REVIEWABLE_STATUSES: readonly PaymentStatus[] = statusesWhere((row) => row.reviewable);

/**
 * Statuses the sweeper asks the provider about once the payment is older than the cutoff: by its
 * creation (the payer never finished) or by its last change (the provider never answered).
 */
export const SWEPT_STATUSES: { readonly [C in SweepClock]: readonly PaymentStatus[] } = {
  created: statusesWhere((row) => row.sweptAfter === 'created'),
  updated: statusesWhere((row) => row.sweptAfter === 'updated'),
};

/** Whether a status is final for the payer (it sets `completedAt`): every status that is not open. */
export const isFinal = (status: PaymentStatus): boolean => !STATUS_TABLE[status].open;
