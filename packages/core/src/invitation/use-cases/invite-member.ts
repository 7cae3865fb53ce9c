import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, invitationSnapshot } from '../../audit/audit-trail.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { Email } from '../../identity/email.js';
import { mirrorProviderUser, type MirrorProviderUserDeps } from '../../identity/use-cases/mirror-provider-user.js';
import type { User } from '../../identity/user.js';
import { mayGrant, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import {
  authorizedWrite,
  authorizeGrant,
  type AuthorizedWriteError,
  type Grant,
  type WriteScope,
} from '../../membership/authorized-write.js';
import { cannotGrantRole, type CannotGrantRole } from '../../membership/membership.errors.js';
import { isLive, type Membership, type Role } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import {
  alreadyMember,
  invitationAlreadyPending,
  type AlreadyMember,
  type IdentityProviderUnavailable,
  type InvitationAlreadyPending,
  type InvitationRateLimited,
} from '../invitation.errors.js';
import { askProvider, expireInvitation, type InvitationDeps } from '../invitation-steps.js';
import { announceInvitation, type PushDeps } from '../announcements.js';
import { mailTicket } from '../mail-ticket.js';
import { refundInvitation, throttleInvitation, type InvitationDraw, type ThrottleInvitationDeps } from '../throttle-invitation.js';
import { isExpired, toInvitationView, type Invitation, type InvitationId, type InvitationView } from '../invitation.js';
import { verifiedHolderOf } from '../invitee.js';
import { invitedPlace } from '../invited-place.js';
import { invitationFields, membershipCreated } from '../../events/change-events.js';
import { emitEvent } from '../../events/emit-event.js';

/** Ports needed to invite someone. */
export interface InviteMemberDeps extends InvitationDeps, AuthorizeDeps, MirrorProviderUserDeps, ThrottleInvitationDeps, PushDeps {}

/** Whom to invite, with which role. */
export interface InviteMemberInput {
  readonly email: Email;
  readonly role: Role;
}

/** The new invitation, its membership, and the token (returned here and on resend only). */
export interface CreatedInvitation {
  readonly invitation: InvitationView;
  readonly membership: Membership;
  readonly token: string;
}

/** What inviting can answer. */
export type InviteMemberError =
  AuthorizedWriteError | CannotGrantRole | AlreadyMember | InvitationAlreadyPending | InvitationRateLimited | IdentityProviderUnavailable;

// The caller holds `members.invite` and may grant the role; the write checks both again on the locked row.
const authorizeInvitation = (
  deps: InviteMemberDeps,
  caller: AuthPayload,
  organizationId: OrganizationId,
  role: Role,
): TE.TaskEither<AuthorizationError | CannotGrantRole, Grant> =>
  pipe(
    authorizeGrant(deps)(caller, organizationId, 'members.invite'),
    TE.filterOrElseW(
      (grant) => mayGrant(grant.actor, grant.capability, role),
      () => cannotGrantRole(role),
    ),
  );

// A pending invitation past its expiry no longer blocks a new one: it is moved to `expired` first.
const clearStalePending = (
  deps: InviteMemberDeps,
  { organization, actor }: Grant,
  email: Email,
): TE.TaskEither<InvitationAlreadyPending, void> =>
  pipe(
    fromPort(() => deps.invitations.findPendingByEmail(organization.id, email)),
    TE.flatMap((pending): TE.TaskEither<InvitationAlreadyPending, void> => {
      if (O.isNone(pending)) return TE.right(undefined);
      if (!isExpired(pending.value, deps.clock.now())) return TE.left(invitationAlreadyPending());
      return pipe(
        fromPort(() => deps.unitOfWork.run(async () => E.right(await expireInvitation(deps, pending.value, actor.userId)))),
        TE.map(() => undefined),
      );
    }),
  );

// Path 2 when the address is a provider user's verified primary one: the invitee's local user (mirrored now if the webhook has not run yet).
// A provider that cannot answer the lookup is a 503 to retry, before anything is stored or counted.
const findAccount = (deps: InviteMemberDeps, email: Email): TE.TaskEither<IdentityProviderUnavailable, User | null> =>
  pipe(
    askProvider(deps, 'findUsersByEmail', () => deps.idpAdmin.findUsersByEmail(email)),
    TE.flatMap((found) => {
      const snapshot = verifiedHolderOf(found, email);
      if (snapshot === undefined) return TE.right(null);
      return pipe(
        mirrorProviderUser(deps)(snapshot),
        TE.map(({ user }) => (user.deletedAt === null ? user : null)),
      );
    }),
  );

const checkNotMember = (
  deps: InviteMemberDeps,
  organizationId: OrganizationId,
  user: User | null,
): TE.TaskEither<AlreadyMember | InvitationAlreadyPending, void> =>
  user === null
    ? TE.right(undefined)
    : pipe(
        fromPort(() => deps.memberships.findForUser(organizationId, user.id)),
        TE.flatMap((existing) => {
          if (O.isNone(existing) || !isLive(existing.value.status)) return TE.right(undefined);
          const status = existing.value.status;
          return TE.left(status === 'active' || status === 'suspended' ? alreadyMember() : invitationAlreadyPending());
        }),
      );

interface StoredInvitation {
  readonly invitation: Invitation;
  readonly membership: Membership;
}

// Inside the authorized write: the membership and the invitation rows with their audit entry. Of two
// identical invitations at once, the unique indexes let one through; the other writes nothing.
const storeInvitation = async (
  deps: InviteMemberDeps,
  { actor, capability, organization }: WriteScope,
  input: InviteMemberInput,
  account: User | null,
  invitationId: InvitationId,
  tokenHash: string,
): Promise<E.Either<InviteMemberError, StoredInvitation>> => {
  if (!mayGrant(actor, capability, input.role)) return E.left(cannotGrantRole(input.role));
  const { membership, invitation } = invitedPlace(deps.ids, {
    organizationId: organization.id,
    email: input.email,
    role: input.role,
    account,
    invitationId,
    tokenHash,
    invitedBy: actor.userId,
    at: deps.clock.now(),
    invitationTtlDays: deps.settings.invitationTtlDays,
  });
  if (!(await deps.memberships.insert(membership))) {
    // The invitee's live row appeared meanwhile: say what it is.
    const existing = await checkNotMember(deps, organization.id, account)();
    return E.left(E.isLeft(existing) ? existing.left : invitationAlreadyPending());
  }
  if (!(await deps.invitations.create(invitation))) return E.left(invitationAlreadyPending());
  await appendAudit(deps, {
    organizationId: organization.id,
    action: 'invitation.created',
    actorUserId: actor.userId,
    targetType: 'invitation',
    targetId: invitation.id,
    before: null,
    after: invitationSnapshot(invitation),
  });
  await membershipCreated(deps, membership);
  await emitEvent(deps, 'invitation.created', organization.id, {
    ...invitationFields(invitation),
    expiresAt: invitation.expiresAt.toISOString(),
  });
  // Path 2 tells the invitee's devices, off the request path: a job committed with the rows (path 1's invitee has none yet).
  if (account !== null) await announceInvitation(deps, account, invitation, organization.name);
  return E.right({ invitation, membership });
};

// The invitation's budgets, from the inviter's own outwards.
const drawsOf = ({ organization, actor }: Grant, email: Email): readonly InvitationDraw[] => [
  ['inviter', actor.userId],
  ['organization', organization.id],
  ['recipient', email],
];

// The token, then the rows committed under the authorized write, then (path 1) the provider's ticket mail.
const createInvitation = (
  deps: InviteMemberDeps,
  grant: Grant,
  input: InviteMemberInput,
  account: User | null,
): TE.TaskEither<InviteMemberError, CreatedInvitation> =>
  pipe(
    TE.Do,
    TE.bind('invitationId', () => TE.right(deps.ids.uuid() as InvitationId)),
    TE.bind('issued', ({ invitationId }) => fromPort(() => deps.inviteTokens.issue(invitationId))),
    TE.bindW('stored', ({ invitationId, issued }) =>
      authorizedWrite(deps, grant, [], (scope) => storeInvitation(deps, scope, input, account, invitationId, issued.tokenHash)),
    ),
    TE.bindW('invitation', ({ stored }) => (account === null ? mailTicket(deps, stored.invitation) : TE.right(stored.invitation))),
    TE.map(({ stored, invitation, issued }) => ({
      invitation: toInvitationView(invitation),
      membership: stored.membership,
      token: issued.token,
    })),
  );

/**
 * Invites someone by email (`members.invite`, and only to a role the caller may grant). Path 2, the
 * provider knows the address: an invitation plus a `pending_invitation` membership for that user,
 * accepted in-app. Path 1 otherwise: an invitation and an `invited` membership with no user yet,
 * then a provider invitation (the provider e-mails a ticket to `{APP_URL}/sign-up`, our invitation
 * id in its public metadata). The rows and the `invitation.created` audit entry are committed in one
 * authorized write (the caller's membership checked again on its locked row, see `authorizedWrite`)
 * before the provider is asked, so a concurrent identical invitation loses at the unique index
 * (`InvitationAlreadyPending`) and no mail names an invitation that was never stored; a provider
 * that cannot mail it gets the invitation revoked again (`IdentityProviderUnavailable`, retry). Each
 * invitation draws on the inviter's, the organization's and the recipient's budgets
 * (`InvitationRateLimited` with its wait once one is spent); one that sends nothing gives its points back.
 *
 * @example
 * await inviteMember(deps)(request.auth, orgId, { email, role: 'coach' })(); // Right({ invitation, membership, token })
 */
export const inviteMember =
  (deps: InviteMemberDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, input: InviteMemberInput): TE.TaskEither<InviteMemberError, CreatedInvitation> =>
    pipe(
      authorizeInvitation(deps, caller, organizationId, input.role),
      TE.bindTo('grant'),
      TE.tap(({ grant }) => clearStalePending(deps, grant, input.email)),
      TE.bindW('account', () => findAccount(deps, input.email)),
      TE.tap(({ grant, account }) => checkNotMember(deps, grant.organization.id, account)),
      TE.let('draws', ({ grant }) => drawsOf(grant, input.email)),
      // Counted once the invitation would go out, before any token or provider mail.
      TE.tap(({ draws }) => throttleInvitation(deps, draws)),
      // An invitation that sent nothing costs nothing.
      TE.bindW('created', ({ grant, account, draws }) =>
        pipe(
          createInvitation(deps, grant, input, account),
          TE.orElseFirstW(() => refundInvitation(deps, draws)),
        ),
      ),
      TE.map(({ created }) => created),
    );
