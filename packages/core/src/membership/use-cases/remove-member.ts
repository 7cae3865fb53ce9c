import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import { authorize, type Actor } from '../authorize.js';
import { checkManageable, findMembershipIn, type ManageMembersDeps } from '../managing.js';
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

// An organization always has an owner: removing one hands ownership to the successor first, in one unit of work.
const removeOwner = (deps: ManageMembersDeps, actor: Actor, owner: Membership, successorId: MembershipId | undefined): TE.TaskEither<StatusChangeError, Membership> => {
  if (successorId === undefined) return TE.left(ownerProtected('Removing the owner requires a successor who becomes owner'));
  return pipe(
    findMembershipIn(deps, owner.organizationId, successorId),
    TE.filterOrElseW(
      (successor) => successor.status === 'active' && successor.id !== owner.id,
      (successor) => invalidMembershipTransition(successor.status, 'made owner'),
    ),
    TE.flatMap((successor) => () =>
      deps.unitOfWork.run(async () => {
        const moved = await moveOwnership(deps, owner, successor, actor.userId);
        if (E.isLeft(moved) || moved.right.previousOwner === null) return E.left(membershipChangedConcurrently());
        // The owner row is now an admin row: remove it as it stands, audited against the owner it was.
        return changeStatusAudited(deps, REMOVE, actor, moved.right.previousOwner, owner);
      }),
    ),
  );
};

/**
 * Removes a member (`members.manage`, strictly lower ranks): the membership becomes `cancelled`.
 * Only a Platform Admin removes the owner, and only by naming a successor, who becomes owner in
 * the same transaction (an organization never has zero owners).
 *
 * @example
 * await removeMember(deps)(request.auth, orgId, membershipId)(); // Right({ status: 'cancelled', … })
 */
export const removeMember =
  (deps: ManageMembersDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, membershipId: MembershipId, options: RemoveMemberOptions = {}): TE.TaskEither<StatusChangeError, Membership> =>
    pipe(
      authorize(deps)(caller, organizationId, 'members.manage'),
      TE.bindTo('authorized'),
      TE.bindW('target', () => findMembershipIn(deps, organizationId, membershipId)),
      TE.tap(({ authorized, target }) => TE.fromEither(checkManageable(authorized.actor, target))),
      TE.flatMap(({ authorized, target }) =>
        target.role === 'owner' && target.status !== 'cancelled'
          ? removeOwner(deps, authorized.actor, target, options.successorId)
          : applyStatusEdge(deps, REMOVE, authorized.actor, target),
      ),
    );
