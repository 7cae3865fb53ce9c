import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, invitationSnapshot } from '../audit/audit-trail.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import type { UserDeleted, UserNotFound } from '../identity/identity.errors.js';
import { requireUser } from '../identity/require-user.js';
import type { Email } from '../identity/email.js';
import { verifiedEmail, type ProviderUser, type User } from '../identity/user.js';
import { membershipChangedConcurrently, type MembershipChangedConcurrently } from '../membership/membership.errors.js';
import { isAwaitingInvitation, isLive, type Membership } from '../membership/membership.js';
import { fromPort } from '../shared/from-port.js';
import {
  alreadyMember,
  emailNotVerified,
  invalidInvitationToken,
  invitationNotFound,
  invitationNotPending,
  notTheInvitee,
  type AlreadyMember,
  type EmailNotVerified,
  type InvalidInvitationToken,
  type InvitationNotFound,
  type InvitationNotPending,
  type NotTheInvitee,
} from './invitation.errors.js';
import type { InvitationStepsDeps } from './invitation-steps.js';
import type { Invitation, InvitationId } from './invitation.js';
import type { Invitations } from './ports/invitations.js';
import type { InviteTokens } from './ports/invite-tokens.js';
import { invitationFields, membershipChanged } from '../events/change-events.js';
import { emitEvent } from '../events/emit-event.js';

/** How the invitee names an invitation: the token from the link, or its id (in-app). */
export type InvitationReference = { readonly token: string } | { readonly invitationId: InvitationId };

/**
 * The caller's local user, which must exist, not be deleted, and hold a verified primary email:
 * only that address may answer an invitation.
 */
export const requireVerifiedUser = (caller: AuthPayload): E.Either<UserNotFound | UserDeleted | EmailNotVerified, User> =>
  pipe(
    requireUser(caller),
    E.filterOrElseW((user) => verifiedEmail(user) !== null, emailNotVerified),
  );

/**
 * Path 2's account for an invited address: the provider user whose primary email is that address
 * and verified. The provider's lookup also matches secondary and unverified addresses; none of those
 * makes its holder the invitee (path 1 then: the provider mails a sign-up ticket to the address).
 */
export const verifiedHolderOf = (found: readonly ProviderUser[], email: Email): ProviderUser | undefined =>
  found.find((candidate) => candidate.emailVerified && candidate.email === email);

/** The invitation a reference names; a token must verify and still be the invitation's current one. */
export const resolveInvitation = (
  deps: { readonly invitations: Invitations; readonly inviteTokens: InviteTokens },
  reference: InvitationReference,
): TE.TaskEither<InvalidInvitationToken | InvitationNotFound, Invitation> => {
  const find = (id: InvitationId) =>
    pipe(
      fromPort(() => deps.invitations.findById(id)),
      TE.flatMap(TE.fromOption(invitationNotFound)),
    );
  if ('invitationId' in reference) return find(reference.invitationId);
  return pipe(
    (): Promise<E.Either<InvalidInvitationToken | InvitationNotFound, { invitationId: InvitationId; tokenHash: string }>> =>
      deps.inviteTokens.read(reference.token),
    TE.flatMap((read) =>
      pipe(
        find(read.invitationId),
        // A resent invitation has a new token: the old one stops working.
        TE.filterOrElseW((invitation) => invitation.tokenHash === read.tokenHash, invalidInvitationToken),
      ),
    ),
  );
};

/** Whether the user is the invitee: the user its membership was made for, or (path 1) the holder of its address, verified. */
export const isInvitee = (invitation: Invitation, membership: Membership, user: User): boolean =>
  membership.userId !== null ? membership.userId === user.id : verifiedEmail(user) === invitation.email;

/** The invitation's membership, if the user is its invitee. */
export const requireInvitee = (
  deps: InvitationStepsDeps,
  invitation: Invitation,
  user: User,
): TE.TaskEither<NotTheInvitee | InvitationNotFound, Membership> =>
  pipe(
    fromPort(() => deps.memberships.findById(invitation.membershipId)),
    TE.flatMap(TE.fromOption(invitationNotFound)),
    TE.filterOrElseW((membership) => isInvitee(invitation, membership, user), notTheInvitee),
  );

/**
 * Inside a unit of work: claims the invitation with the guarded update (exactly one concurrent
 * caller wins) and promotes its membership to `active` with the invited role and the user's id.
 */
export const claimAndPromote = async (
  deps: InvitationStepsDeps,
  invitation: Invitation,
  membership: Membership,
  user: User,
): Promise<E.Either<AlreadyMember | InvitationNotPending | MembershipChangedConcurrently, Membership>> => {
  const existing = O.toNullable(await deps.memberships.findForUser(invitation.organizationId, user.id));
  if (existing !== null && existing.id !== membership.id && isLive(existing.status)) return E.left(alreadyMember());
  if (!isAwaitingInvitation(membership.status)) return E.left(invitationNotPending());
  const now = deps.clock.now();
  if (!(await deps.invitations.claim(invitation.id, now))) return E.left(invitationNotPending());
  const promoted = await deps.memberships.update(
    membership.id,
    { role: membership.role, status: membership.status },
    { status: 'active', role: invitation.role, userId: user.id },
    now,
  );
  if (O.isNone(promoted)) return E.left(membershipChangedConcurrently());
  // A purchased membership that becomes active completes its purchase, in the same unit of work.
  await deps.purchases.completeForMembership(membership.id, now);
  await appendAudit(deps, {
    organizationId: invitation.organizationId,
    action: 'invitation.accepted',
    actorUserId: user.id,
    targetType: 'invitation',
    targetId: invitation.id,
    before: invitationSnapshot(invitation),
    after: { ...invitationSnapshot({ ...invitation, status: 'accepted' }), userId: user.id },
  });
  await emitEvent(deps, 'invitation.accepted', invitation.organizationId, {
    ...invitationFields({ ...invitation, status: 'accepted' }),
    userId: user.id,
  });
  await membershipChanged(deps, membership, promoted.value);
  return E.right(promoted.value);
};
