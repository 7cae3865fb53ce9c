import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { mayGrant, type AuthorizeDeps } from '../../membership/authorize.js';
import { authorizedWrite, type AuthorizedWriteError } from '../../membership/authorized-write.js';
import { cannotGrantRole } from '../../membership/membership.errors.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Logger } from '../../shared/logger.js';
import { revokeInStore, type InvitationDeps } from '../invitation-steps.js';
import { enqueueProviderRevocation } from '../invitation-jobs.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { manageInvitation, type ManageInvitationError } from '../manage-invitation.js';
import { toInvitationView, type Invitation, type InvitationId, type InvitationView } from '../invitation.js';

/** What revoking can answer. */
export type RevokeInvitationError = ManageInvitationError | AuthorizedWriteError;

/**
 * Revokes a pending invitation (`members.invite`, for a role the caller may grant): reason
 * `revoked`, its membership `cancelled`, and the provider invitation of path 1 revoked by a job
 * committed with it (`invitations.revoke-at-provider`, retried while the provider is down). The
 * grant is checked again on the caller's locked row (see `authorizedWrite`).
 *
 * @example
 * await revokeInvitation(deps)(request.auth, orgId, invitationId)(); // Right({ status: 'revoked', revokedReason: 'revoked', … })
 */
export const revokeInvitation =
  (deps: InvitationDeps & AuthorizeDeps & { readonly logger: Logger; readonly jobQueue: JobQueue }) =>
  (caller: AuthPayload, organizationId: OrganizationId, invitationId: InvitationId): TE.TaskEither<RevokeInvitationError, InvitationView> =>
    pipe(
      manageInvitation(deps)(caller, organizationId, invitationId),
      TE.flatMap(({ authorized, invitation }) =>
        // Only the caller's row is locked: the invitation row first, then its membership, is the order
        // an acceptance takes too, so a revoke and an acceptance never wait on each other crosswise.
        authorizedWrite(deps, authorized, [], async ({ actor, capability }): Promise<E.Either<RevokeInvitationError, Invitation>> => {
          if (!mayGrant(actor, capability, invitation.role)) return E.left(cannotGrantRole(invitation.role));
          const revoked = await revokeInStore(deps, invitation, 'revoked', 'invitation.revoked', actor.userId);
          // The provider's ticket is revoked by a job committed with the revoke, so a refused revoke
          // leaves the mail working. Until it runs, the ticket grants nothing: signing up through it
          // finds no pending invitation.
          if (E.isRight(revoked) && revoked.right.providerInvitationId !== null)
            await enqueueProviderRevocation(deps, revoked.right.providerInvitationId);
          return revoked;
        }),
      ),
      TE.map(toInvitationView),
    );
