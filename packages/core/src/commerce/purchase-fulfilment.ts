import * as O from 'fp-ts/lib/Option.js';
import { appendAudit, invitationSnapshot, type AuditTrailDeps } from '../audit/audit-trail.js';
import type { AgreementTemplates } from '../agreements/ports/agreement-templates.js';
import type { Agreements } from '../agreements/ports/agreements.js';
import type { Agreement } from '../agreements/agreement.js';
import { NOTIFY_REQUESTED_JOB } from '../agreements/agreement-jobs.js';
import { invitationFields, membershipCreated } from '../events/change-events.js';
import { emitEvent } from '../events/emit-event.js';
import type { Users } from '../identity/ports/users.js';
import type { User } from '../identity/user.js';
import { announceInvitation } from '../invitation/announcements.js';
import { enqueueTicketMail } from '../invitation/invitation-jobs.js';
import { expireInvitation, type InvitationSettings } from '../invitation/invitation-steps.js';
import { isExpired, type InvitationId } from '../invitation/invitation.js';
import { invitedPlace } from '../invitation/invited-place.js';
import type { Invitations } from '../invitation/ports/invitations.js';
import type { InviteTokens } from '../invitation/ports/invite-tokens.js';
import { isLive, type Membership } from '../membership/membership.js';
import type { Memberships } from '../membership/ports/memberships.js';
import type { Organizations } from '../organization/ports/organizations.js';
import type { PaymentTransaction } from '../payments/payment.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import type { PaymentFulfilment } from '../payments/ports/payment-fulfilment.js';
import type { Plans } from './ports/plans.js';
import type { Purchases } from './ports/purchases.js';
import { validUntilOf, type Purchase, type PurchaseFlag } from './purchase.js';

/** Ports the grant of a paid purchase needs (all joined to the payment's unit of work). */
export interface PurchaseFulfilmentDeps extends AuditTrailDeps {
  readonly purchases: Purchases;
  readonly plans: Plans;
  readonly users: Users;
  readonly organizations: Organizations;
  readonly memberships: Memberships;
  readonly invitations: Invitations;
  readonly inviteTokens: InviteTokens;
  readonly agreementTemplates: AgreementTemplates;
  readonly agreements: Agreements;
  readonly settings: InvitationSettings;
  readonly unitOfWork: UnitOfWork;
}

/** The purchase fields every purchase event carries. */
const purchaseFields = (purchase: Purchase) => ({
  purchaseId: purchase.id,
  planId: purchase.planId,
  paymentId: purchase.paymentId,
  amountMinor: purchase.priceMinor,
  currency: purchase.currency,
});

// Paid, but nothing may be granted: the purchase is flagged for staff (audit entry and event per new flag).
const flagWithoutGrant = async (deps: PurchaseFulfilmentDeps, purchase: Purchase, flags: readonly PurchaseFlag[], paidAt: Date) => {
  await deps.purchases.recordGrant(
    purchase.id,
    { status: 'paid', flags, membershipId: null, invitationId: null, paidAt, validUntil: null },
    paidAt,
  );
  await announceFlags(deps, purchase, flags);
};

const announceFlags = async (deps: PurchaseFulfilmentDeps, purchase: Purchase, flags: readonly PurchaseFlag[]) => {
  for (const flag of flags) {
    await appendAudit(deps, {
      organizationId: purchase.organizationId,
      action: 'purchase.flagged',
      actorUserId: null,
      targetType: 'purchase',
      targetId: purchase.id,
      before: null,
      after: { actorPurchaseId: purchase.id, flag, planId: purchase.planId, paymentId: purchase.paymentId },
    });
    await emitEvent(deps, 'purchase.flagged', purchase.organizationId, { ...purchaseFields(purchase), flag });
  }
};

// An address that already holds a live membership (or a pending invitation) cannot be granted another.
// A pending invitation past its expiry is expired here, as on every read, and holds nothing.
const holdsLivePlace = async (deps: PurchaseFulfilmentDeps, purchase: Purchase, account: User | null): Promise<boolean> => {
  if (account !== null) {
    const existing = await deps.memberships.findForUser(purchase.organizationId, account.id);
    if (O.isSome(existing) && isLive(existing.value.status)) return true;
  }
  const pending = await deps.invitations.findPendingByEmail(purchase.organizationId, purchase.email);
  if (O.isNone(pending)) return false;
  if (!isExpired(pending.value, deps.clock.now())) return true;
  await expireInvitation(deps, pending.value, null);
  return false;
};

// One signature request per template of the plan still standing; links are issued when the buyer asks.
// A buyer who already has an account hears of each request by push, as for a request made by staff.
const requestSignatures = async (
  deps: PurchaseFulfilmentDeps,
  purchase: Purchase,
  membership: Membership,
  templateIds: readonly string[],
) => {
  const at = deps.clock.now();
  for (const templateId of templateIds) {
    const template = await deps.agreementTemplates.find(purchase.organizationId, templateId);
    if (O.isNone(template) || template.value.archivedAt !== null) continue;
    const agreement: Agreement = {
      id: deps.ids.uuid(),
      organizationId: purchase.organizationId,
      membershipId: membership.id,
      templateId,
      templateVersionId: template.value.current.id,
      status: 'pending',
      requestedBy: null,
      requestedAt: at,
      viewedAt: null,
      revokedAt: null,
      signature: null,
    };
    await deps.agreements.insert(agreement);
    await appendAudit(deps, {
      organizationId: purchase.organizationId,
      action: 'agreement.requested',
      actorUserId: null,
      targetType: 'agreement',
      targetId: agreement.id,
      before: null,
      after: { actorPurchaseId: purchase.id, membershipId: membership.id, templateId, templateVersionId: agreement.templateVersionId },
    });
    await emitEvent(deps, 'agreement.requested', purchase.organizationId, {
      agreementId: agreement.id,
      membershipId: membership.id,
      templateId,
      templateVersionId: agreement.templateVersionId,
    });
    if (membership.userId !== null) await deps.jobQueue.enqueue(NOTIFY_REQUESTED_JOB, { agreementId: agreement.id });
  }
};

/**
 * The grant of a paid purchase, on its locked row: the plan's seat limit checked again; then a
 * membership for the buyer's address with the plan's role and an invitation by the invitation rules
 * (path 2 when a live user holds that address verified: `pending_invitation`, accepted in-app; path 1
 * otherwise: `invited`, the provider's ticket mail as a durable job, the sign-up accepting it), with
 * the organization's owner as inviter and the purchase named in the audit entries; the plan's
 * signature requests; the events `membership.created`, `invitation.created`, `purchase.completed`.
 */
const grantPurchase = async (deps: PurchaseFulfilmentDeps, purchase: Purchase, after: PaymentTransaction) => {
  // A payment succeeds once (its transition is guarded), so a purchase is granted once; a replayed grant changes nothing.
  if (purchase.paidAt !== null) return;
  const paidAt = deps.clock.now();
  // A success after the payment failed or expired (when the purchase did too) is the payment's late success.
  const flags: PurchaseFlag[] = after.lateSuccess ? ['late_payment'] : [];
  const plan = await deps.plans.lock(purchase.organizationId, purchase.planId);
  const seatLimit = O.isSome(plan) ? plan.value.seatLimit : null;
  if (seatLimit !== null && (await deps.purchases.countSeatsTaken(purchase.planId)) >= seatLimit)
    return flagWithoutGrant(deps, purchase, [...flags, 'sold_out'], paidAt);
  const account = O.toNullable(await deps.users.findByVerifiedEmail(purchase.email));
  if (await holdsLivePlace(deps, purchase, account)) return flagWithoutGrant(deps, purchase, [...flags, 'existing_member'], paidAt);
  const owner = O.toNullable(await deps.memberships.findOwner(purchase.organizationId));
  // An organization without an owner has nobody to stand as inviter: a defect, so the payment's move
  // rolls back with it and the provider's retry (or the sweeper) grants once an owner is back.
  if (owner === null || owner.userId === null) throw new Error(`organization ${purchase.organizationId} has no owner to invite a buyer`);
  const validUntil = validUntilOf(paidAt, purchase.period);
  const invitationId = deps.ids.uuid() as InvitationId;
  const { tokenHash } = await deps.inviteTokens.issue(invitationId);
  const { membership, invitation } = invitedPlace(deps.ids, {
    organizationId: purchase.organizationId,
    email: purchase.email,
    role: purchase.grantsRole,
    account,
    invitationId,
    tokenHash,
    invitedBy: owner.userId,
    at: paidAt,
    invitationTtlDays: deps.settings.invitationTtlDays,
    validUntil,
  });
  // Both unique indexes were checked above on this transaction's view; a concurrent invitation for the
  // same address that commits first makes these inserts fail, and the purchase is flagged instead.
  if (!(await deps.memberships.insert(membership)) || !(await deps.invitations.create(invitation)))
    return flagWithoutGrant(deps, purchase, [...flags, 'existing_member'], paidAt);
  await appendAudit(deps, {
    organizationId: purchase.organizationId,
    action: 'invitation.created',
    actorUserId: null,
    targetType: 'invitation',
    targetId: invitation.id,
    before: null,
    after: { ...invitationSnapshot(invitation), actorPurchaseId: purchase.id },
  });
  await membershipCreated(deps, membership);
  await emitEvent(deps, 'invitation.created', purchase.organizationId, {
    ...invitationFields(invitation),
    expiresAt: invitation.expiresAt.toISOString(),
  });
  if (account === null) await enqueueTicketMail(deps, invitation.id);
  else {
    const organization = O.toNullable(await deps.organizations.findById(purchase.organizationId));
    await announceInvitation(deps, account, invitation, organization?.name ?? '');
  }
  if (O.isSome(plan)) await requestSignatures(deps, purchase, membership, plan.value.agreementTemplateIds);
  const granted = await deps.purchases.recordGrant(
    purchase.id,
    { status: 'paid', flags, membershipId: membership.id, invitationId: invitation.id, paidAt, validUntil },
    paidAt,
  );
  await emitEvent(deps, 'purchase.completed', purchase.organizationId, {
    ...purchaseFields(granted),
    membershipId: membership.id,
    invitationId: invitation.id,
    role: membership.role,
    paidAt: paidAt.toISOString(),
    validUntil: validUntil === null ? null : validUntil.toISOString(),
    flags,
  });
  await announceFlags(deps, granted, flags);
};

/**
 * What a purchase's payment does to the purchase, inside the payment's unit of work (see
 * `PaymentFulfilment`): a success grants the plan (`grantPurchase`), even late, flagged
 * `late_payment`; a failure or an expiry moves a purchase still awaiting payment to `failed` or
 * `expired` and grants nothing. A payment that is no purchase's is left alone.
 *
 * @example
 * bind(TOKENS.PaymentFulfilment).toDynamicValue((context) => purchaseFulfilment(portsOf(context)));
 */
export const purchaseFulfilment = (deps: PurchaseFulfilmentDeps): PaymentFulfilment => ({
  settled: async (_before, after) => {
    if (after.status !== 'succeeded' && after.status !== 'failed' && after.status !== 'expired') return;
    const found = await deps.purchases.lockByPayment(after.id);
    if (O.isNone(found)) return;
    if (after.status === 'succeeded') return grantPurchase(deps, found.value, after);
    await deps.purchases.moveStatus(found.value.id, ['awaiting_payment'], after.status, deps.clock.now());
  },
});
