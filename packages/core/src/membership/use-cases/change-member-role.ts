import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, membershipSnapshot } from '../../audit/audit-trail.js';
import { membershipChanged } from '../../events/change-events.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import { mayGrant, type Actor } from '../authorize.js';
import { authorizedWrite, authorizeGrant, type WriteScope } from '../authorized-write.js';
import { checkManageable, lockedTarget, type ManageMembersDeps } from '../managing.js';
import {
  cannotGrantRole,
  invalidMembershipTransition,
  membershipChangedConcurrently,
  ownerProtected,
  type CannotGrantRole,
} from '../membership.errors.js';
import type { Capability } from '../capability.js';
import type { Membership, MembershipId, Role } from '../membership.js';
import type { StatusChangeError } from '../status-change.js';

/** What a role change can answer. */
export type ChangeMemberRoleError = StatusChangeError | CannotGrantRole;

const checkGrant = (actor: Actor, capability: Capability, target: Membership, role: Role): E.Either<ChangeMemberRoleError, Membership> => {
  // spec: an owner is never simply demoted, and `owner` is granted only by transfer (`mayGrant` refuses
  // it too; asked here first, it is the answer whatever the target's status).
  if (target.role === 'owner') return E.left(ownerProtected('The owner is never demoted; transfer ownership instead'));
  if (role === 'owner') return E.left(cannotGrantRole(role));
  if (target.status !== 'active' && target.status !== 'suspended')
    return E.left(invalidMembershipTransition(target.status, 'given another role'));
  return mayGrant(actor, capability, role) ? E.right(target) : E.left(cannotGrantRole(role));
};

// Inside the authorized write: the locked target checked, then its role changed with its audit entry.
const changeRole =
  (deps: ManageMembersDeps, membershipId: MembershipId, role: Role) =>
  async (scope: WriteScope): Promise<E.Either<ChangeMemberRoleError, Membership>> => {
    const { actor, organization } = scope;
    const checked = pipe(
      lockedTarget(scope, membershipId),
      E.chainW((target) => checkGrant(actor, scope.capability, target, role)),
      E.chainW((target) => checkManageable(actor, target)),
    );
    if (E.isLeft(checked) || checked.right.role === role) return checked;
    const target = checked.right;
    const changed = await deps.memberships.update(target.id, { role: target.role, status: target.status }, { role }, deps.clock.now());
    if (O.isNone(changed)) return E.left(membershipChangedConcurrently());
    await appendAudit(deps, {
      organizationId: organization.id,
      action: 'membership.role_changed',
      actorUserId: actor.userId,
      targetType: 'membership',
      targetId: target.id,
      before: membershipSnapshot(target),
      after: membershipSnapshot(changed.value),
    });
    await membershipChanged(deps, target, changed.value);
    return E.right(changed.value);
  };

/**
 * Changes a member's role (`members.manage`): the target must rank strictly below the caller and
 * the new role must be one the caller may grant; the owner is never demoted and `owner` never
 * granted here (only `transferOwnership` moves it). The caller and the target are checked on their
 * locked rows (see `authorizedWrite`).
 *
 * @example
 * await changeMemberRole(deps)(request.auth, orgId, membershipId, 'coach')(); // Right({ role: 'coach', … })
 */
export const changeMemberRole =
  (deps: ManageMembersDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    membershipId: MembershipId,
    role: Role,
  ): TE.TaskEither<ChangeMemberRoleError, Membership> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'members.manage'),
      TE.flatMap((grant) => authorizedWrite(deps, grant, [membershipId], changeRole(deps, membershipId, role))),
    );
