import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import { mayGrant, type AuthorizationError, type AuthorizeDeps } from '../membership/authorize.js';
import { authorizeGrant, type Grant } from '../membership/authorized-write.js';
import { cannotGrantRole, type CannotGrantRole } from '../membership/membership.errors.js';
import type { OrganizationId } from '../organization/organization.js';
import type { InvitationExpired, InvitationNotFound, InvitationNotPending } from './invitation.errors.js';
import { findInvitationIn, requirePending, type InvitationStepsDeps } from './invitation-steps.js';
import type { Invitation, InvitationId } from './invitation.js';

/** What checking a change to a pending invitation can answer. */
export type ManageInvitationError = AuthorizationError | CannotGrantRole | InvitationNotFound | InvitationNotPending | InvitationExpired;

/**
 * The checks every change to a pending invitation shares (resend, revoke): `members.invite` in
 * the organization, a role the caller may grant, and an invitation still pending (one past its
 * expiry is moved to `expired` here). The write checks the grant again (see `authorizedWrite`).
 */
export const manageInvitation =
  (deps: InvitationStepsDeps & AuthorizeDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    invitationId: InvitationId,
  ): TE.TaskEither<ManageInvitationError, { authorized: Grant; invitation: Invitation }> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'members.invite'),
      TE.bindTo('authorized'),
      TE.bindW('found', () => findInvitationIn(deps, organizationId, invitationId)),
      TE.filterOrElseW(
        ({ authorized, found }) => mayGrant(authorized.actor, authorized.capability, found.role),
        ({ found }) => cannotGrantRole(found.role),
      ),
      TE.bindW('invitation', ({ authorized, found }) => requirePending(deps, found, authorized.actor.userId)),
      TE.map(({ authorized, invitation }) => ({ authorized, invitation })),
    );
