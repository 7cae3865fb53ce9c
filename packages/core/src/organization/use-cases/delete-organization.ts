import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuditLog } from '../../audit/ports/audit-log.js';
import { invitationFields, membershipChanged } from '../../events/change-events.js';
import { emitEvent } from '../../events/emit-event.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { IdentityProviderAdmin } from '../../identity/ports/identity-provider-admin.js';
import type { Invitations } from '../../invitation/ports/invitations.js';
import {
  authorizedWrite,
  authorizeGrant,
  type AuthorizedWriteDeps,
  type AuthorizedWriteError,
  type Grant,
} from '../../membership/authorized-write.js';
import type { Membership } from '../../membership/membership.js';
import { paymentInFlight, type PaymentInFlight } from '../../payments/payments.errors.js';
import type { PaymentGateway } from '../../payments/ports/payment-gateway.js';
import type { PaymentSubscriptions } from '../../payments/ports/payment-subscriptions.js';
import type { PaymentTransactions } from '../../payments/ports/payment-transactions.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { Logger } from '../../shared/logger.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueProviderRevocation } from '../../invitation/invitation-jobs.js';
import { enqueueSubscriptionCancellation } from '../../payments/payment-jobs.js';
import { MAX_PAGE_LIMIT, PageCursor, type Page, type PagePosition, type PageRequest } from '../../shared/pagination.js';
import { organizationNotFound, type OrganizationNotFound } from '../organization.errors.js';
import type { OrganizationId } from '../organization.js';

/** Ports needed to delete an organization. */
export interface DeleteOrganizationDeps extends AuthorizedWriteDeps, RecordEventPorts {
  readonly invitations: Invitations;
  readonly idpAdmin: IdentityProviderAdmin;
  readonly auditLog: AuditLog;
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentSubscriptions: PaymentSubscriptions;
  readonly paymentGateway: PaymentGateway;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  /** The follow-ups (subscription cancellations, provider invitation revocations) are jobs committed with the delete. */
  readonly jobQueue: JobQueue;
}

/** The errors a delete can answer. */
export type DeleteOrganizationError = AuthorizedWriteError | PaymentInFlight;

// Every page of a keyset listing, in order.
const everyPage = async <A>(list: (page: PageRequest) => Promise<Page<A>>): Promise<A[]> => {
  const all: A[] = [];
  let cursor: PagePosition | undefined;
  for (;;) {
    const page = await list({ limit: MAX_PAGE_LIMIT, ...(cursor === undefined ? {} : { cursor }) });
    all.push(...page.items);
    const next = page.nextCursor === null ? undefined : PageCursor.decode(page.nextCursor);
    if (next === undefined || E.isLeft(next)) return all;
    cursor = next.right;
  }
};

// A guarded cancel of one live membership; a row another writer changed in between is re-read once.
const cancelMembership = async (deps: DeleteOrganizationDeps, membership: Membership, at: Date): Promise<void> => {
  let current: Membership | null = membership;
  for (let attempt = 0; attempt < 2 && current !== null && current.status !== 'cancelled'; attempt++) {
    const moved = await deps.memberships.update(current.id, { role: current.role, status: current.status }, { status: 'cancelled' }, at);
    if (O.isSome(moved)) {
      await membershipChanged(deps, current, moved.value, 'cancelled');
      return;
    }
    current = O.toNullable(await deps.memberships.findById(current.id));
  }
  if (current !== null && current.status !== 'cancelled')
    throw new Error(`membership ${current.id} kept changing while its organization was deleted`);
};

// The soft delete, all in one transaction under the caller's locked membership (an owner who
// transferred ownership meanwhile is refused): the organization's row locked, the open-payment
// check, the organization marked deleted (a second, concurrent delete finds it gone), then
// memberships (in id order, as every locking write takes them), invitations and the audit entry.
const softDelete = (deps: DeleteOrganizationDeps, grant: Grant): TE.TaskEither<DeleteOrganizationError, void> =>
  authorizedWrite(deps, grant, [], async ({ organization, actor }): Promise<E.Either<OrganizationNotFound | PaymentInFlight, void>> => {
    const at = deps.clock.now();
    // The row lock first: a payment being started for it commits before the check below, or waits and then sees the delete.
    if (!(await deps.organizations.lockLive(organization.id))) return E.left(organizationNotFound());
    // A payment the provider may still move could be charged after the organization is gone: refuse, changing nothing.
    if (await deps.paymentTransactions.hasOpen(organization.id)) return E.left(paymentInFlight());
    if (!(await deps.organizations.markDeleted(organization.id, at))) return E.left(organizationNotFound());
    const members = (
      await everyPage((page) => deps.memberships.listForOrganization(organization.id, { includeCancelled: false }, page))
    ).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const membership of members) await cancelMembership(deps, membership, at);
    const invitations = await everyPage((page) => deps.invitations.listForOrganization(organization.id, page));
    const mailedInvitations: string[] = [];
    let revoked = 0;
    for (const invitation of invitations) {
      if (invitation.status !== 'pending' || !(await deps.invitations.markRevoked(invitation.id, 'revoked', at))) continue;
      revoked += 1;
      await emitEvent(deps, 'invitation.revoked', organization.id, {
        ...invitationFields({ ...invitation, status: 'revoked' }),
        reason: 'revoked',
      });
      if (invitation.providerInvitationId !== null) mailedInvitations.push(invitation.providerInvitationId);
    }
    await deps.auditLog.append({
      id: deps.ids.uuid(),
      organizationId: organization.id,
      action: 'organization.deleted',
      actorUserId: actor.userId,
      targetType: 'organization',
      targetId: organization.id,
      before: { name: organization.name },
      after: { deleted: true, membershipsCancelled: members.length, invitationsRevoked: revoked },
      createdAt: at,
    });
    await emitEvent(deps, 'organization.deleted', organization.id, { organizationId: organization.id, deletedAt: at.toISOString() });
    // The follow-ups are jobs committed with the delete: money first (a subscription left renewing
    // costs a member), then the provider invitations it had mailed (revoking is idempotent).
    for (const subscription of await deps.paymentSubscriptions.listForOrganization(organization.id, 'active'))
      await enqueueSubscriptionCancellation(deps, subscription);
    for (const id of mailedInvitations) await enqueueProviderRevocation(deps, id);
    return E.right(undefined);
  });

/**
 * Deletes an organization (`organization.delete`: the owner only) as a soft delete, so no payment
 * record is lost: while a payment is still open (`OPEN_STATUSES`) it answers `PaymentInFlight` and
 * changes nothing. Otherwise, in one transaction, the organization is marked deleted (every route
 * then answers `OrganizationNotFound`), its memberships are cancelled, its pending invitations
 * revoked and `organization.deleted` audited; its audit trail, payments and callbacks stay. The same
 * transaction enqueues the cancellation of its linked subscriptions at iyzico
 * (`payments.cancel-subscription`, flagging `cancel_failed` while the provider refuses, retried) and
 * the revocation of the provider invitations it had mailed (`invitations.revoke-at-provider`).
 *
 * @example
 * await deleteOrganization(deps)(request.auth, orgId)(); // Right(undefined) or Left({ _tag: 'PaymentInFlight' })
 */
export const deleteOrganization =
  (deps: DeleteOrganizationDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<DeleteOrganizationError, void> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'organization.delete'),
      TE.flatMap((grant) => softDelete(deps, grant)),
    );
