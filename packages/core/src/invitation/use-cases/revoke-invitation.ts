import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { actorRole, authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import { cannotGrantRole, type CannotGrantRole } from '../../membership/membership.errors.js';
import { canGrant } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { InvitationExpired, InvitationNotFound, InvitationNotPending } from '../invitation.errors.js';
import { endInvitation, findInvitationIn, requirePending, type InvitationDeps } from '../invitation-steps.js';
import { toInvitationView, type InvitationId, type InvitationView } from '../invitation.js';

/** What revoking can answer. */
export type RevokeInvitationError = AuthorizationError | CannotGrantRole | InvitationNotFound | InvitationNotPending | InvitationExpired;

/**
 * Revokes a pending invitation (`members.invite`, for a role the caller may grant): reason
 * `revoked`, its membership `cancelled`, and the provider invitation of path 1 revoked too.
 *
 * @example
 * await revokeInvitation(deps)(request.auth, orgId, invitationId)(); // Right({ status: 'revoked', revokedReason: 'revoked', … })
 */
export const revokeInvitation =
  (deps: InvitationDeps & AuthorizeDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, invitationId: InvitationId): TE.TaskEither<RevokeInvitationError, InvitationView> =>
    pipe(
      authorize(deps)(caller, organizationId, 'members.invite'),
      TE.bindTo('authorized'),
      TE.bindW('found', () => findInvitationIn(deps, organizationId, invitationId)),
      TE.filterOrElseW(
        ({ authorized, found }) => {
          const role = actorRole(authorized.actor);
          return role !== null && canGrant(role, found.role);
        },
        ({ found }) => cannotGrantRole(found.role),
      ),
      TE.bindW('invitation', ({ authorized, found }) => requirePending(deps, found, authorized.actor.userId)),
      TE.flatMap(({ authorized, invitation }) => endInvitation(deps, invitation, 'revoked', 'invitation.revoked', authorized.actor.userId)),
      TE.map(toInvitationView),
    );
