import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuditTrailDeps } from '../audit/audit-trail.js';
import type { OrganizationId } from '../organization/organization.js';
import { fromPort } from '../shared/from-port.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { actorRole, actsAsPlatformAdmin, type Actor, type AuthorizeDeps } from './authorize.js';
import type { WriteScope } from './authorized-write.js';
import {
  cannotManageMember,
  membershipNotFound,
  ownerProtected,
  type CannotManageMember,
  type MembershipNotFound,
  type OwnerProtected,
} from './membership.errors.js';
import { canManage, type Membership, type MembershipId } from './membership.js';

/** Ports the member-management use cases share. */
export interface ManageMembersDeps extends AuthorizeDeps, AuditTrailDeps {
  readonly unitOfWork: UnitOfWork;
}

/** Inside an authorized write: the locked target row (one in another organization is not found). */
export const lockedTarget = (scope: WriteScope, membershipId: MembershipId): E.Either<MembershipNotFound, Membership> =>
  E.fromNullable(membershipNotFound())(scope.locked(membershipId));

/** The membership with this id in this organization (one in another organization is not found). */
export const findMembershipIn = (
  deps: AuthorizeDeps,
  organizationId: OrganizationId,
  membershipId: MembershipId,
): TE.TaskEither<MembershipNotFound, Membership> =>
  pipe(
    fromPort(() => deps.memberships.findById(membershipId)),
    TE.map(O.filter((membership) => membership.organizationId === organizationId)),
    TE.flatMap(TE.fromOption(membershipNotFound)),
  );

/**
 * Whether the actor may manage (role, suspend, reinstate, remove) the target: the owner only by a
 * Platform Admin; anyone else only from a strictly higher rank (a Platform Admin may manage anyone).
 */
export const checkManageable = (actor: Actor, target: Membership): E.Either<OwnerProtected | CannotManageMember, Membership> => {
  if (target.role === 'owner') return actsAsPlatformAdmin(actor) ? E.right(target) : E.left(ownerProtected());
  if (actsAsPlatformAdmin(actor)) return E.right(target);
  const role = actorRole(actor);
  return role !== null && canManage(role, target.role) ? E.right(target) : E.left(cannotManageMember(target.role));
};
