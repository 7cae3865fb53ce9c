import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import { actorRole, type Actor, type AuthorizationError, type AuthorizeDeps } from '../membership/authorize.js';
import { authorizeGrant, type Grant } from '../membership/authorized-write.js';
import { cannotGrantRole, type CannotGrantRole } from '../membership/membership.errors.js';
import { canGrant, type Role } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import type { InvitationExpired, InvitationNotFound, InvitationNotPending } from './invitation.errors.js';
import { findInvitationIn, requirePending, type InvitationStepsDeps } from './invitation-steps.js';
import type { Invitation, InvitationId } from './invitation.js';

/** Whether the actor may hand out this role (invite, resend, revoke): a Platform Admin acting as such holds no role here. */
export const mayGrant = (actor: Actor, role: Role): boolean => {
  const own = actorRole(actor);
  return own !== null && canGrant(own, role);
};

/** What checking a change to a pending invitation can answer. */
export type ManageInvitationError = AuthorizationError | CannotGrantRole | InvitationNotFound | InvitationNotPending | InvitationExpired;

/**
 * The checks every change to a pending invitation shares (resend, revoke): `members.invite` in
 * the organization, a role the caller may grant, and an invitation still pending (one past its
 * expiry is moved to `expired` here). The write checks the grant again (see `authorizedWrite`).
 */
export const manageInvitation =
  (deps: InvitationStepsDeps & AuthorizeDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, invitationId: InvitationId): TE.TaskEither<ManageInvitationError, { authorized: Grant; invitation: Invitation }> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'members.invite'),
      TE.bindTo('authorized'),
      TE.bindW('found', () => findInvitationIn(deps, organizationId, invitationId)),
      TE.filterOrElseW(
        ({ authorized, found }) => mayGrant(authorized.actor, found.role),
        ({ found }) => cannotGrantRole(found.role),
      ),
      TE.bindW('invitation', ({ authorized, found }) => requirePending(deps, found, authorized.actor.userId)),
      TE.map(({ authorized, invitation }) => ({ authorized, invitation })),
    );
