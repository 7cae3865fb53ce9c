import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuditAction } from '../audit/audit-entry.js';
import { appendAudit, invitationSnapshot, type AuditTrailDeps } from '../audit/audit-trail.js';
import type { UserId } from '../identity/identifiers.js';
import { identityProviderUnavailable, type IdentityProviderUnavailable } from './invitation.errors.js';
import type { IdentityProviderAdmin } from '../identity/ports/identity-provider-admin.js';
import { isAwaitingInvitation, type MembershipId } from '../membership/membership.js';
import type { Memberships } from '../membership/ports/memberships.js';
import type { OrganizationId } from '../organization/organization.js';
import { fromPort } from '../shared/from-port.js';
import type { Logger } from '../shared/logger.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import {
  invitationExpired,
  invitationNotFound,
  invitationNotPending,
  type InvitationExpired,
  type InvitationNotFound,
  type InvitationNotPending,
} from './invitation.errors.js';
import { isExpired, type Invitation, type InvitationId, type RevokedReason } from './invitation.js';
import type { Purchases } from '../commerce/ports/purchases.js';
import type { Invitations } from './ports/invitations.js';
import type { InviteTokens } from './ports/invite-tokens.js';
import { invitationFields, membershipChanged } from '../events/change-events.js';
import { emitEvent } from '../events/emit-event.js';

/** Where invitation links land and how long invitations live. */
export interface InvitationSettings {
  /** `APP_URL`: provider tickets redirect to `{appUrl}/sign-up`. */
  readonly appUrl: string;
  /** `INVITATION_TTL_DAYS` (default 7). */
  readonly invitationTtlDays: number;
}

/** Ports every invitation change needs. */
export interface InvitationStepsDeps extends AuditTrailDeps {
  readonly invitations: Invitations;
  /** A purchase whose membership an acceptance activates is completed with it. */
  readonly purchases: Purchases;
  readonly memberships: Memberships;
  readonly unitOfWork: UnitOfWork;
}

/** Ports the invitation use cases share. */
export interface InvitationDeps extends InvitationStepsDeps {
  readonly inviteTokens: InviteTokens;
  readonly idpAdmin: IdentityProviderAdmin;
  readonly settings: InvitationSettings;
}

/** The invitation with this id in this organization. */
export const findInvitationIn = (
  deps: InvitationStepsDeps,
  organizationId: OrganizationId,
  id: InvitationId,
): TE.TaskEither<InvitationNotFound, Invitation> =>
  pipe(
    fromPort(() => deps.invitations.findById(id)),
    TE.map(O.filter((invitation) => invitation.organizationId === organizationId)),
    TE.flatMap(TE.fromOption(invitationNotFound)),
  );

/** Cancels the membership an invitation created, if it is still waiting on it (inside a unit of work). */
export const cancelAwaitingMembership = async (deps: InvitationStepsDeps, membershipId: MembershipId): Promise<void> => {
  const membership = O.toNullable(await deps.memberships.findById(membershipId));
  if (membership === null || !isAwaitingInvitation(membership.status)) return;
  const cancelled = await deps.memberships.update(
    membership.id,
    { role: membership.role, status: membership.status },
    { status: 'cancelled' },
    deps.clock.now(),
  );
  if (O.isSome(cancelled)) await membershipChanged(deps, membership, cancelled.value, 'cancelled');
};

/** Moves a pending invitation past its expiry to `expired` and cancels its membership, inside a unit of work; false if already moved. */
export const expireInvitation = async (deps: InvitationStepsDeps, invitation: Invitation, actorUserId: UserId | null): Promise<boolean> => {
  if (!(await deps.invitations.markExpired(invitation.id, deps.clock.now()))) return false;
  await cancelAwaitingMembership(deps, invitation.membershipId);
  await appendAudit(deps, {
    organizationId: invitation.organizationId,
    action: 'invitation.expired',
    actorUserId,
    targetType: 'invitation',
    targetId: invitation.id,
    before: invitationSnapshot(invitation),
    after: invitationSnapshot({ ...invitation, status: 'expired' }),
  });
  await emitEvent(deps, 'invitation.expired', invitation.organizationId, {
    ...invitationFields({ ...invitation, status: 'expired' }),
    expiresAt: invitation.expiresAt.toISOString(),
  });
  return true;
};

/**
 * The invitation, if it is still pending and unexpired. A pending one past its expiry is moved to
 * `expired` now (spec: "moved to expired when touched") and answers `InvitationExpired`.
 */
export const requirePending = (
  deps: InvitationStepsDeps,
  invitation: Invitation,
  actorUserId: UserId | null,
): TE.TaskEither<InvitationNotPending | InvitationExpired, Invitation> => {
  if (invitation.status === 'expired') return TE.left(invitationExpired());
  if (invitation.status !== 'pending') return TE.left(invitationNotPending());
  if (!isExpired(invitation, deps.clock.now())) return TE.right(invitation);
  return pipe(
    fromPort(() => deps.unitOfWork.run(async () => E.right(await expireInvitation(deps, invitation, actorUserId)))),
    TE.flatMap(() => TE.left(invitationExpired())),
  );
};

/**
 * Inside a unit of work: moves a pending invitation to `revoked` with a reason and cancels its
 * membership, with its audit entry (`note` adds why to the entry's `after`); `InvitationNotPending`
 * when another request ended it first.
 */
export const revokeInStore = async (
  deps: InvitationStepsDeps,
  invitation: Invitation,
  reason: RevokedReason,
  action: Extract<AuditAction, 'invitation.revoked' | 'invitation.declined'>,
  actorUserId: UserId,
  note: Readonly<Record<string, string>> = {},
): Promise<E.Either<InvitationNotPending, Invitation>> => {
  if (!(await deps.invitations.markRevoked(invitation.id, reason, deps.clock.now()))) return E.left(invitationNotPending());
  await cancelAwaitingMembership(deps, invitation.membershipId);
  const ended: Invitation = { ...invitation, status: 'revoked', revokedReason: reason };
  await appendAudit(deps, {
    organizationId: invitation.organizationId,
    action,
    actorUserId,
    targetType: 'invitation',
    targetId: invitation.id,
    before: invitationSnapshot(invitation),
    after: { ...invitationSnapshot(ended), ...note },
  });
  await emitEvent(deps, 'invitation.revoked', invitation.organizationId, { ...invitationFields(ended), reason });
  return E.right(ended);
};

/**
 * A provider call the requester can simply retry: a rejection (an outage, an unexpected answer) is
 * logged at warn and answers `IdentityProviderUnavailable` (503 with `Retry-After`).
 */
export const askProvider =
  <A>(deps: { readonly logger: Logger }, operation: string, call: () => Promise<A>): TE.TaskEither<IdentityProviderUnavailable, A> =>
  async () => {
    try {
      return E.right(await call());
    } catch (error) {
      deps.logger.warn({ operation, error: error instanceof Error ? error.message : String(error) }, 'identity provider call failed');
      return E.left(identityProviderUnavailable());
    }
  };

/** Revokes the invitation the provider holds, if any (idempotent, so a retry converges). */
export const revokeAtProvider = (deps: InvitationDeps, invitation: Invitation): TE.TaskEither<never, void> =>
  invitation.providerInvitationId === null
    ? TE.right(undefined)
    : fromPort(() => deps.idpAdmin.revokeInvitation(invitation.providerInvitationId!));

/**
 * Ends a pending invitation as `revoked` with a reason (the invitee's decline): the provider
 * invitation is revoked first (idempotent, so a retry converges), then the invitation and its
 * membership change in one unit of work with their audit entry.
 */
export const endInvitation = (
  deps: InvitationDeps,
  invitation: Invitation,
  reason: RevokedReason,
  action: Extract<AuditAction, 'invitation.revoked' | 'invitation.declined'>,
  actorUserId: UserId,
): TE.TaskEither<InvitationNotPending, Invitation> =>
  pipe(
    revokeAtProvider(deps, invitation),
    TE.flatMap(() => () => deps.unitOfWork.run(() => revokeInStore(deps, invitation, reason, action, actorUserId))),
  );
