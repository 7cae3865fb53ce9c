import * as t from 'io-ts';
import { PurchaseFlag } from '../commerce/purchase.js';
import { InvitationStatus, RevokedReason } from '../invitation/invitation.js';
import { MembershipStatus, Role } from '../membership/membership.js';
import { Currency, PaymentProvider } from '../payments/payment.js';
import { PaymentStatus } from '../payments/payment-status.js';

const Id = t.string;
const NullableId = t.union([t.string, t.null]);
/** An ISO 8601 time, as the envelope's JSON carries it. */
const Timestamp = t.string;

const MembershipState = t.type({ role: Role, status: MembershipStatus });

const membership = { membershipId: Id, userId: NullableId, role: Role, status: MembershipStatus };
const invitation = { invitationId: Id, membershipId: Id, role: Role, status: InvitationStatus };
const purchase = { purchaseId: Id, planId: Id, paymentId: Id, amountMinor: t.number, currency: Currency };

const payment = {
  paymentId: Id,
  provider: PaymentProvider,
  status: PaymentStatus,
  amountMinor: t.number,
  paidAmountMinor: t.union([t.number, t.null]),
  currency: Currency,
};

/**
 * The outbound events, each type's `data` as an io-ts codec (thin: ids, roles, statuses, amounts,
 * timestamps; never a national ID, a token, a card or a secret). The one source of the list: the
 * README's examples and the endpoint filters are checked against it.
 */
export const EVENT_CATALOGUE = {
  'organization.created': t.type({ organizationId: Id, ownerMembershipId: Id, ownerUserId: Id, createdAt: Timestamp }),
  'organization.updated': t.type({ organizationId: Id, changedFields: t.array(t.string), updatedAt: Timestamp }),
  'organization.deleted': t.type({ organizationId: Id, deletedAt: Timestamp }),
  'membership.created': t.type(membership),
  'membership.updated': t.type({ membershipId: Id, userId: NullableId, previous: MembershipState, current: MembershipState }),
  'membership.deleted': t.type({ ...membership, reason: t.keyof({ removed: null, left: null, cancelled: null }) }),
  'invitation.created': t.type({ ...invitation, expiresAt: Timestamp }),
  'invitation.accepted': t.type({ ...invitation, userId: Id }),
  'invitation.revoked': t.type({ ...invitation, reason: RevokedReason }),
  'invitation.expired': t.type({ ...invitation, expiresAt: Timestamp }),
  'payment.succeeded': t.type(payment),
  'payment.failed': t.type({ ...payment, failureCode: t.union([t.string, t.null]) }),
  'payment.late_success': t.type(payment),
  'ownership.transferred': t.type({
    previousOwnerMembershipId: NullableId,
    previousOwnerUserId: NullableId,
    newOwnerMembershipId: Id,
    newOwnerUserId: NullableId,
  }),
  'purchase.completed': t.type({
    ...purchase,
    membershipId: Id,
    invitationId: Id,
    role: Role,
    paidAt: Timestamp,
    validUntil: t.union([Timestamp, t.null]),
    flags: t.array(PurchaseFlag),
  }),
  'purchase.flagged': t.type({ ...purchase, flag: PurchaseFlag }),
  'agreement.requested': t.type({ agreementId: Id, membershipId: Id, templateId: Id, templateVersionId: Id }),
  'agreement.signed': t.type({ agreementId: Id, membershipId: Id, templateVersionId: Id, receiptId: Id }),
} as const;

/** The catalogue's codecs, by type. */
export type EventCatalogue = typeof EVENT_CATALOGUE;

/** An outbound event type (the catalogue's keys). */
export type EventType = keyof EventCatalogue;

/** The `data` of one event type. */
export type EventData<T extends EventType> = t.TypeOf<EventCatalogue[T]>;

/** Every outbound event type, in catalogue order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as readonly EventType[];

/** Decodes an event type (for endpoint filters). */
export const EventTypeCodec = t.keyof(
  Object.fromEntries(EVENT_TYPES.map((type) => [type, null])) as { readonly [T in EventType]: null },
  'EventType',
);

/** Whether `type` names an event of the catalogue. */
export const isEventType = (type: string): type is EventType => Object.prototype.hasOwnProperty.call(EVENT_CATALOGUE, type);
