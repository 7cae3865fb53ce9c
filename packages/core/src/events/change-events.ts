import type { Invitation } from '../invitation/invitation.js';
import type { Membership } from '../membership/membership.js';
import type { PaymentTransaction } from '../payments/payment.js';
import type { EventData } from './catalogue.js';
import { emitEvent } from './emit-event.js';
import type { RecordEventPorts } from './record-event.js';

/** Why a membership ended, as `membership.deleted` tells it. */
export type MembershipEnding = EventData<'membership.deleted'>['reason'];

/** Records `membership.created` for a new row (an owner at creation, an invitee at invitation). */
export const membershipCreated = (ports: RecordEventPorts, membership: Membership): Promise<unknown> =>
  emitEvent(ports, 'membership.created', membership.organizationId, {
    membershipId: membership.id,
    userId: membership.userId,
    role: membership.role,
    status: membership.status,
  });

/**
 * Records what a membership change was: `membership.deleted` when it became `cancelled` (with why),
 * `membership.updated` with the old and new role and status otherwise; nothing when neither moved.
 */
export const membershipChanged = (
  ports: RecordEventPorts,
  before: Membership,
  after: Membership,
  ending: MembershipEnding = 'cancelled',
): Promise<unknown> => {
  if (after.status === 'cancelled' && before.status !== 'cancelled')
    return emitEvent(ports, 'membership.deleted', after.organizationId, {
      membershipId: after.id,
      userId: after.userId,
      role: after.role,
      status: after.status,
      reason: ending,
    });
  if (before.role === after.role && before.status === after.status) return Promise.resolve();
  return emitEvent(ports, 'membership.updated', after.organizationId, {
    membershipId: after.id,
    userId: after.userId,
    previous: { role: before.role, status: before.status },
    current: { role: after.role, status: after.status },
  });
};

/** The fields every invitation event carries. */
export const invitationFields = (invitation: Invitation) => ({
  invitationId: invitation.id,
  membershipId: invitation.membershipId,
  role: invitation.role,
  status: invitation.status,
});

/** The fields every payment event carries (amounts in minor units; never a card or a token). */
export const paymentFields = (payment: PaymentTransaction) => ({
  paymentId: payment.id,
  provider: payment.provider,
  status: payment.status,
  amountMinor: payment.amountMinor,
  paidAmountMinor: payment.paidAmountMinor,
  currency: payment.currency,
});

/** Records the payment event a transition to `succeeded` or `failed` describes (a success after a failure is `late_success`). */
export const paymentSettled = (ports: RecordEventPorts, before: PaymentTransaction, after: PaymentTransaction): Promise<unknown> => {
  if (after.status === before.status) return Promise.resolve();
  if (after.status === 'succeeded')
    return emitEvent(
      ports,
      after.lateSuccess || before.status === 'failed' || before.status === 'expired' ? 'payment.late_success' : 'payment.succeeded',
      after.organizationId,
      paymentFields(after),
    );
  if (after.status === 'failed')
    return emitEvent(ports, 'payment.failed', after.organizationId, { ...paymentFields(after), failureCode: after.failureCode });
  return Promise.resolve();
};
