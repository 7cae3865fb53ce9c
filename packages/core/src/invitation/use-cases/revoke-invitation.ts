import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { endInvitation, type InvitationDeps } from '../invitation-steps.js';
import { manageInvitation, type ManageInvitationError } from '../manage-invitation.js';
import { toInvitationView, type InvitationId, type InvitationView } from '../invitation.js';

/** What revoking can answer. */
export type RevokeInvitationError = ManageInvitationError;

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
      manageInvitation(deps)(caller, organizationId, invitationId),
      TE.flatMap(({ authorized, invitation }) => endInvitation(deps, invitation, 'revoked', 'invitation.revoked', authorized.actor.userId)),
      TE.map(toInvitationView),
    );
