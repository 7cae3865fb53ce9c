import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { AuthorizationError } from '../authorize.js';
import { authorizedWrite, authorizeGrant } from '../authorized-write.js';
import { lockedTarget, type ManageMembersDeps } from '../managing.js';
import {
  invalidMembershipTransition,
  membershipChangedConcurrently,
  type InvalidMembershipTransition,
  type MembershipChangedConcurrently,
  type MembershipNotFound,
} from '../membership.errors.js';
import type { MembershipId } from '../membership.js';
import { moveOwnership, type OwnershipMove } from '../ownership.js';

/** What a transfer can answer. */
export type TransferOwnershipError = AuthorizationError | MembershipNotFound | InvalidMembershipTransition | MembershipChangedConcurrently;

/**
 * Makes an active member the owner (`ownership.transfer`: the owner, or a Platform Admin without
 * being a member). In one transaction the old owner becomes `admin`, then the target `owner`, with
 * an `ownership.transferred` audit entry; the organization never has zero or two owners. The
 * caller, the owner and the target are checked on their locked rows (see `authorizedWrite`).
 *
 * @example
 * await transferOwnership(deps)(request.auth, orgId, { membershipId })(); // Right({ previousOwner: { role: 'admin' }, newOwner: { role: 'owner' } })
 */
export const transferOwnership =
  (deps: ManageMembersDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    input: { readonly membershipId: MembershipId },
  ): TE.TaskEither<TransferOwnershipError, OwnershipMove> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'ownership.transfer'),
      TE.bindTo('grant'),
      // Which row holds ownership now, so that it is locked with the others; checked again once locked.
      TE.bindW('owner', () => fromPort(() => deps.memberships.findOwner(organizationId))),
      TE.flatMap(({ grant, owner }) =>
        authorizedWrite(
          deps,
          grant,
          [input.membershipId, O.toNullable(owner)?.id ?? null],
          async (scope): Promise<E.Either<TransferOwnershipError, OwnershipMove>> => {
            const target = lockedTarget(scope, input.membershipId);
            if (E.isLeft(target)) return target;
            if (target.right.status !== 'active') return E.left(invalidMembershipTransition(target.right.status, 'made owner'));
            const { actor } = scope;
            // An owner acting as such gives away only their own row; only a Platform Admin moves it from
            // whoever holds it, and that row must still be the owner row once locked.
            const from =
              actor.kind === 'member' && !actor.platformAdmin ? actor.membership : O.isSome(owner) ? scope.locked(owner.value.id) : null;
            if (from !== null && (from.role !== 'owner' || from.status === 'cancelled')) return E.left(membershipChangedConcurrently());
            if (from?.id === target.right.id) return E.right({ previousOwner: null, newOwner: target.right });
            return moveOwnership(deps, from, target.right, actor.userId);
          },
        ),
      ),
    );
