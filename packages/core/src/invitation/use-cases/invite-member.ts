import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, invitationSnapshot } from '../../audit/audit-trail.js';
import { announceInvitation, type PushDeps } from '../../devices/push.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { Email } from '../../identity/email.js';
import { mirrorProviderUser, type MirrorProviderUserDeps } from '../../identity/use-cases/mirror-provider-user.js';
import type { User } from '../../identity/user.js';
import { actorRole, authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import { cannotGrantRole, type CannotGrantRole } from '../../membership/membership.errors.js';
import { canGrant, isLive, type Membership, type MembershipId, type Role } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import { alreadyMember, invitationAlreadyPending, type AlreadyMember, type InvitationAlreadyPending, type InvitationRateLimited } from '../invitation.errors.js';
import { expireInvitation, type InvitationDeps } from '../invitation-steps.js';
import { throttleInvitation, type ThrottleInvitationDeps } from '../throttle-invitation.js';
import { expiryFrom, isExpired, toInvitationView, type Invitation, type InvitationId, type InvitationView } from '../invitation.js';
import { verifiedHolderOf } from '../invitee.js';

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
export type InviteMemberError = AuthorizationError | CannotGrantRole | AlreadyMember | InvitationAlreadyPending | InvitationRateLimited;

// A pending invitation past its expiry no longer blocks a new one: it is moved to `expired` first.
const clearStalePending = (deps: InviteMemberDeps, organizationId: OrganizationId, input: InviteMemberInput, actor: User['id']) =>
  pipe(
    fromPort(() => deps.invitations.findPendingByEmail(organizationId, input.email)),
    TE.flatMap((pending): TE.TaskEither<InvitationAlreadyPending, void> => {
      if (O.isNone(pending)) return TE.right(undefined);
      if (!isExpired(pending.value, deps.clock.now())) return TE.left(invitationAlreadyPending());
      return pipe(
        fromPort(() => deps.unitOfWork.run(async () => E.right(await expireInvitation(deps, pending.value, actor)))),
        TE.map(() => undefined),
      );
    }),
  );

// Path 2 when the address is a provider user's verified primary one: the invitee's local user (mirrored now if the webhook has not run yet).
const findAccount = (deps: InviteMemberDeps, email: Email): TE.TaskEither<never, User | null> =>
  pipe(
    fromPort(() => deps.idpAdmin.findUsersByEmail(email)),
    TE.flatMap((found) => {
      const snapshot = verifiedHolderOf(found, email);
      if (snapshot === undefined) return TE.right(null);
      return pipe(
        mirrorProviderUser(deps)(snapshot),
        TE.map(({ user }) => (user.deletedAt === null ? user : null)),
      );
    }),
  );

const checkNotMember = (deps: InviteMemberDeps, organizationId: OrganizationId, user: User | null): TE.TaskEither<AlreadyMember | InvitationAlreadyPending, void> =>
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

/**
 * Invites someone by email (`members.invite`, and only to a role the caller may grant). Path 2, the
 * provider knows the address: an invitation plus a `pending_invitation` membership for that user,
 * accepted in-app. Path 1 otherwise: an invitation, a provider invitation (the provider e-mails a
 * ticket to `{APP_URL}/sign-up`, our invitation id in its public metadata) and an `invited`
 * membership with no user yet. One transaction with the `invitation.created` audit entry. Each
 * invitation draws on the inviter's, the organization's and the recipient's budgets
 * (`InvitationRateLimited` with its wait once one is spent).
 *
 * @example
 * await inviteMember(deps)(request.auth, orgId, { email, role: 'coach' })(); // Right({ invitation, membership, token })
 */
export const inviteMember =
  (deps: InviteMemberDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, input: InviteMemberInput): TE.TaskEither<InviteMemberError, CreatedInvitation> =>
    pipe(
      authorize(deps)(caller, organizationId, 'members.invite'),
      TE.filterOrElseW(
        ({ actor }) => {
          const role = actorRole(actor);
          return role !== null && canGrant(role, input.role);
        },
        () => cannotGrantRole(input.role),
      ),
      TE.map(({ actor, organization }) => ({ actorUserId: actor.userId, organizationName: organization.name })),
      TE.tap(({ actorUserId }) => clearStalePending(deps, organizationId, input, actorUserId)),
      TE.bindW('account', () => findAccount(deps, input.email)),
      TE.tap(({ account }) => checkNotMember(deps, organizationId, account)),
      // Issue #9: counted once the invitation would go out, before any token or provider mail.
      TE.tap(({ actorUserId }) =>
        throttleInvitation(deps, [
          ['inviter', actorUserId],
          ['organization', organizationId],
          ['recipient', input.email],
        ]),
      ),
      TE.bindW('invitationId', () => TE.right(deps.ids.uuid() as InvitationId)),
      TE.bindW('issued', ({ invitationId }) => fromPort(() => deps.inviteTokens.issue(invitationId))),
      TE.bindW('providerInvitationId', ({ account, invitationId }) =>
        account !== null
          ? TE.right(null)
          : pipe(
              fromPort(() =>
                deps.idpAdmin.createInvitation({ email: input.email, redirectUrl: `${deps.settings.appUrl}/sign-up`, publicMetadata: { invitationId } }),
              ),
              TE.map((providerInvitation) => providerInvitation.id),
            ),
      ),
      TE.flatMap(({ actorUserId, account, invitationId, issued, providerInvitationId, organizationName }) =>
        pipe(
          () =>
        deps.unitOfWork.run(async () => {
          const now = deps.clock.now();
          const membership: Membership = {
            id: deps.ids.uuid() as MembershipId,
            organizationId,
            userId: account?.id ?? null,
            role: input.role,
            status: account === null ? 'invited' : 'pending_invitation',
            email: input.email,
            createdAt: now,
            updatedAt: now,
          };
          const invitation: Invitation = {
            id: invitationId,
            organizationId,
            email: input.email,
            role: input.role,
            status: 'pending',
            membershipId: membership.id,
            tokenHash: issued.tokenHash,
            providerInvitationId,
            invitedBy: actorUserId,
            expiresAt: expiryFrom(now, deps.settings.invitationTtlDays),
            createdAt: now,
            updatedAt: now,
            revokedReason: null,
          };
          await deps.memberships.insert(membership);
          await deps.invitations.create(invitation);
          await appendAudit(deps, {
            organizationId,
            action: 'invitation.created',
            actorUserId,
            targetType: 'invitation',
            targetId: invitation.id,
            before: null,
            after: invitationSnapshot(invitation),
          });
          return E.right<InviteMemberError, CreatedInvitation>({ invitation: toInvitationView(invitation), membership, token: issued.token });
        }),
          // Issue #14: path 2 tells the invitee's devices, after the commit and off the request path.
          TE.tap((created) => {
            if (account !== null) announceInvitation(deps, account, created.invitation, organizationName);
            return TE.right(undefined);
          }),
        ),
      ),
    );
