import * as t from 'io-ts';
import type { Email } from '../identity/email.js';
import type { Locale } from '../devices/locale.js';
import type { InvitationId } from '../invitation/invitation.js';
import type { MembershipId } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import type { AmountMinor, PaymentId } from '../payments/payment.js';
import type { PaymentStatus } from '../payments/payment-status.js';
import { UUID_SCHEMA, withJsonSchema } from '../shared/json-schema.js';
import { isTrimmedPlainText, PLAIN_TEXT_PATTERN } from '../shared/plain-text.js';
import { isUuid } from '../shared/uuid.js';
import type { PlanCurrency, PlanId, PlanPeriod, PlanRole } from './plan.js';

/** Brand of `PurchaseId`. */
export interface PurchaseIdBrand {
  readonly PurchaseId: unique symbol;
}
/** The local id of a purchase (a UUID), as `:purchaseId` in paths. */
export const PurchaseId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, PurchaseIdBrand> => isUuid(s), 'PurchaseId'),
  UUID_SCHEMA,
);
/** The local id of a purchase. */
export type PurchaseId = t.TypeOf<typeof PurchaseId>;

/** Brand of `BuyerName`. */
export interface BuyerNameBrand {
  readonly BuyerName: unique symbol;
}
const MAX_BUYER_NAME = 100;
/** The buyer's name as they typed it: 1–100 characters, no control characters, no surrounding spaces. */
export const BuyerName = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, BuyerNameBrand> => isTrimmedPlainText(s, MAX_BUYER_NAME), 'BuyerName'),
  { type: 'string', minLength: 1, maxLength: MAX_BUYER_NAME, pattern: PLAIN_TEXT_PATTERN },
);
/** A buyer's name. */
export type BuyerName = t.TypeOf<typeof BuyerName>;

/**
 * Where a purchase stands: `awaiting_payment` → `paid` (payment verified; membership and invitation
 * granted) → `completed` (the membership is active); or `failed`, or `expired`.
 */
export const PurchaseStatus = t.keyof(
  { awaiting_payment: null, paid: null, completed: null, failed: null, expired: null },
  'PurchaseStatus',
);
/** A purchase's status. */
export type PurchaseStatus = t.TypeOf<typeof PurchaseStatus>;

/**
 * Why staff should look at a purchase: paid after its payment had failed or expired
 * (`late_payment`, still granted), paid when the plan had no seat left (`sold_out`, nothing granted,
 * nothing refunded automatically), or paid for an address that already holds a live membership
 * (`existing_member`, nothing granted, the payment stands).
 */
export const PurchaseFlag = t.keyof({ late_payment: null, sold_out: null, existing_member: null }, 'PurchaseFlag');
/** A purchase's flag. */
export type PurchaseFlag = t.TypeOf<typeof PurchaseFlag>;
/** A purchase's flags, as stored. */
export const PurchaseFlags = t.readonlyArray(PurchaseFlag, 'PurchaseFlags');

/** What a verified payment granted, as recorded on the purchase in the payment's unit of work. */
export interface PurchaseGrant {
  readonly status: PurchaseStatus;
  readonly flags: readonly PurchaseFlag[];
  readonly membershipId: MembershipId | null;
  readonly invitationId: InvitationId | null;
  readonly paidAt: Date;
  readonly validUntil: Date | null;
}

/** A visitor's purchase of a plan (`purchases`): the plan's terms as they were, never card data or a national ID. */
export interface Purchase {
  readonly id: PurchaseId;
  readonly organizationId: OrganizationId;
  readonly planId: PlanId;
  readonly paymentId: PaymentId;
  readonly email: Email;
  readonly buyerName: BuyerName;
  readonly locale: Locale;
  readonly status: PurchaseStatus;
  /** The plan's price, currency, period and role when it was bought. */
  readonly priceMinor: AmountMinor;
  readonly currency: PlanCurrency;
  readonly period: PlanPeriod;
  readonly grantsRole: PlanRole;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Until when the buyer may pay (`PAYMENT_PENDING_TTL_MINUTES` after it was made). */
  readonly paymentDueAt: Date;
  /** Set at grant: why staff should look (empty when all went by the rules). */
  readonly flags: readonly PurchaseFlag[];
  /** The membership and invitation the payment granted; null before, or when nothing was granted. */
  readonly membershipId: MembershipId | null;
  readonly invitationId: InvitationId | null;
  /** When the payment was verified. */
  readonly paidAt: Date | null;
  /** For `month` and `year` plans: paid-at plus the period. */
  readonly validUntil: Date | null;
  /** When the signing links were answered to the buyer (once, on the first poll after `paid`). */
  readonly linksAnsweredAt: Date | null;
}

/**
 * Until when a plan bought at `paidAt` is valid: a calendar month or year later (UTC; the 31st of a
 * month with fewer days ends on its last day), or null for a `once` plan.
 *
 * @example
 * validUntilOf(new Date('2026-01-31T10:00:00Z'), 'month'); // 2026-02-28T10:00:00Z
 */
export const validUntilOf = (paidAt: Date, period: PlanPeriod): Date | null => {
  if (period === 'once') return null;
  const months = period === 'month' ? 1 : 12;
  const target = new Date(paidAt.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
};

/**
 * The status a buyer sees: the purchase's own once payment is settled for it; while it awaits
 * payment, a payment that failed or expired shows as such. Granting on a verified payment (which
 * moves the purchase to `paid`) belongs to the payment's callback path.
 *
 * @example
 * shownStatus(purchase, 'failed'); // 'failed' while the purchase still awaits payment
 */
export const shownStatus = (purchase: Purchase, payment: PaymentStatus): PurchaseStatus => {
  if (purchase.status !== 'awaiting_payment') return purchase.status;
  if (payment === 'failed') return 'failed';
  if (payment === 'expired') return 'expired';
  return 'awaiting_payment';
};
