import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Actor } from '../authorize.js';
import { authorizedWrite, authorizeGrant, type WriteScope } from '../authorized-write.js';
import { checkManageable, lockedTarget, type ManageMembersDeps } from '../managing.js';
import { invalidMembershipTransition, membershipChangedConcurrently, ownerProtected } from '../membership.errors.js';
import type { Membership, MembershipId } from '../membership.js';
import { moveOwnership } from '../ownership.js';
import { applyStatusEdge, changeStatusAudited, type StatusChangeError, type StatusEdge } from '../status-change.js';

/** Options of a removal. */
export interface RemoveMemberOptions {
  /** Required to remove the owner (Platform Admin only): the active member who becomes owner in the same transaction. */
  readonly successorId?: MembershipId;
}

const REMOVE: StatusEdge = { from: ['active', 'suspended'], to: 'cancelled', action: 'membership.removed', verb: 'removed' };

// An organization always has an owner: removing one hands ownership to the successor first, in the same unit of work.
const removeOwner = async (
  deps: ManageMembersDeps,
  scope: WriteScope,
  actor: Actor,
  owner: Membership,
  successorId: MembershipId | undefined,
): Promise<E.Either<StatusChangeError, Membership>> => {
  if (successorId === undefined) return E.left(ownerProtected('Removing the owner requires a successor who becomes owner'));
  const successor = lockedTarget(scope, successorId);
  if (E.isLeft(successor)) return successor;
  if (successor.right.status !== 'active' || successor.right.id === owner.id)
    return E.left(invalidMembershipTransition(successor.right.status, 'made owner'));
  const moved = await moveOwnership(deps, owner, successor.right, actor.userId);
  if (E.isLeft(moved) || moved.right.previousOwner === null) return E.left(membershipChangedConcurrently());
  // The owner row is now an admin row: remove it as it stands, audited against the owner it was.
  return changeStatusAudited(deps, REMOVE, actor, moved.right.previousOwner, owner);
};

/**
 * Removes a member (`members.manage`, strictly lower ranks): the membership becomes `cancelled`.
 * Only a Platform Admin removes the owner, and only by naming a successor, who becomes owner in
 * the same transaction (an organization never has zero owners). The caller, the target and the
 * successor are checked on their locked rows (see `authorizedWrite`).
 *
 * @example
 * await removeMember(deps)(request.auth, orgId, membershipId)(); // Right({ status: 'cancelled', … })
 */
export const removeMember =
  (deps: ManageMembersDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    membershipId: MembershipId,
    options: RemoveMemberOptions = {},
  ): TE.TaskEither<StatusChangeError, Membership> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'members.manage'),
      TE.flatMap((grant) =>
        authorizedWrite(
          deps,
          grant,
          [membershipId, options.successorId ?? null],
          async (scope): Promise<E.Either<StatusChangeError, Membership>> => {
            const target = pipe(
              lockedTarget(scope, membershipId),
              E.chainW((row) => checkManageable(scope.actor, row)),
            );
            if (E.isLeft(target)) return target;
            return target.right.role === 'owner' && target.right.status !== 'cancelled'
              ? removeOwner(deps, scope, scope.actor, target.right, options.successorId)
              : applyStatusEdge(deps, REMOVE, scope.actor, target.right);
          },
        ),
      ),
    );
