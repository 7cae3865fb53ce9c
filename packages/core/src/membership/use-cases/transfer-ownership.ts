import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import { authorize, type AuthorizationError } from '../authorize.js';
import { findMembershipIn, type ManageMembersDeps } from '../managing.js';
import {
  invalidMembershipTransition,
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
 * an `ownership.transferred` audit entry; the organization never has zero or two owners.
 *
 * @example
 * await transferOwnership(deps)(request.auth, orgId, { membershipId })(); // Right({ previousOwner: { role: 'admin' }, newOwner: { role: 'owner' } })
 */
export const transferOwnership =
  (deps: ManageMembersDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, input: { readonly membershipId: MembershipId }): TE.TaskEither<TransferOwnershipError, OwnershipMove> =>
    pipe(
      authorize(deps)(caller, organizationId, 'ownership.transfer'),
      TE.bindTo('authorized'),
      TE.bindW('target', () => findMembershipIn(deps, organizationId, input.membershipId)),
      TE.filterOrElseW(
        ({ target }) => target.status === 'active',
        ({ target }) => invalidMembershipTransition(target.status, 'made owner'),
      ),
      TE.bindW('owner', () => fromPort(() => deps.memberships.findOwner(organizationId))),
      TE.flatMap(({ authorized, target, owner }) => {
        // Race (issue #8): the owner was authorized before this read; a concurrent transfer may have
        // moved ownership since. An owner acting as such gives away only their own row (the demotion is
        // guarded on role owner, so a stale request fails); only a Platform Admin moves it from anyone.
        const { actor } = authorized;
        const from = actor.kind === 'member' && !actor.platformAdmin ? actor.membership : O.toNullable(owner);
        if (from?.id === target.id) return TE.right({ previousOwner: null, newOwner: target });
        return () => deps.unitOfWork.run(() => moveOwnership(deps, from, target, authorized.actor.userId));
      }),
    );
