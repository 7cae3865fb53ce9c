import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuditAction } from '../audit/audit-entry.js';
import { appendAudit, membershipSnapshot } from '../audit/audit-trail.js';
import { membershipChanged, type MembershipEnding } from '../events/change-events.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Actor, AuthorizationError } from './authorize.js';
import { authorizedWrite, authorizeGrant } from './authorized-write.js';
import { checkManageable, lockedTarget, type ManageMembersDeps } from './managing.js';
import {
  invalidMembershipTransition,
  membershipChangedConcurrently,
  type CannotManageMember,
  type InvalidMembershipTransition,
  type MembershipChangedConcurrently,
  type MembershipNotFound,
  type OwnerProtected,
} from './membership.errors.js';
import type { Membership, MembershipId, MembershipStatus } from './membership.js';

/** What a status change by a manager can answer. */
export type StatusChangeError =
  | AuthorizationError
  | MembershipNotFound
  | OwnerProtected
  | CannotManageMember
  | InvalidMembershipTransition
  | MembershipChangedConcurrently;

/** One edge of the membership state machine, as a manager drives it. */
export interface StatusEdge {
  readonly from: readonly MembershipStatus[];
  readonly to: MembershipStatus;
  readonly action: AuditAction;
  /** For the error message: "A cancelled membership cannot be suspended". */
  readonly verb: string;
}

// Why a membership ended, by the audited action that ended it.
const endingOf = (action: AuditAction): MembershipEnding =>
  action === 'membership.removed' ? 'removed' : action === 'membership.left' ? 'left' : 'cancelled';

/**
 * Moves `target` along an edge and appends its audit entry, inside the caller's unit of work: a
 * guarded update (the row must still hold the role and status read). `before` is what the audit
 * entry shows as the previous state (the target itself unless a step of the same unit of work, such
 * as an ownership move, already changed it).
 */
export const changeStatusAudited = async (
  deps: ManageMembersDeps,
  edge: StatusEdge,
  actor: Actor,
  target: Membership,
  before: Membership = target,
): Promise<E.Either<MembershipChangedConcurrently, Membership>> => {
  const changed = await deps.memberships.update(
    target.id,
    { role: target.role, status: target.status },
    { status: edge.to },
    deps.clock.now(),
  );
  if (O.isNone(changed)) return E.left(membershipChangedConcurrently());
  await appendAudit(deps, {
    organizationId: target.organizationId,
    action: edge.action,
    actorUserId: actor.userId,
    targetType: 'membership',
    targetId: target.id,
    before: membershipSnapshot(before),
    after: membershipSnapshot(changed.value),
  });
  await membershipChanged(deps, before, changed.value, endingOf(edge.action));
  return E.right(changed.value);
};

/**
 * Inside an authorized write: applies an edge to the locked target, with its audit entry; a
 * status the edge does not start from is `InvalidMembershipTransition`.
 */
export const applyStatusEdge = (
  deps: ManageMembersDeps,
  edge: StatusEdge,
  actor: Actor,
  target: Membership,
): Promise<E.Either<InvalidMembershipTransition | MembershipChangedConcurrently, Membership>> =>
  edge.from.includes(target.status)
    ? changeStatusAudited(deps, edge, actor, target)
    : Promise.resolve(E.left(invalidMembershipTransition(target.status, edge.verb)));

/**
 * A manager's status change (`members.manage`, owner protection, strictly lower ranks): suspend,
 * reinstate. The caller and the target are checked on their locked rows (see `authorizedWrite`).
 */
export const managedStatusChange =
  (deps: ManageMembersDeps, edge: StatusEdge) =>
  (caller: AuthPayload, organizationId: OrganizationId, membershipId: MembershipId): TE.TaskEither<StatusChangeError, Membership> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'members.manage'),
      TE.flatMap((grant) =>
        authorizedWrite(deps, grant, [membershipId], async (scope): Promise<E.Either<StatusChangeError, Membership>> => {
          const target = pipe(
            lockedTarget(scope, membershipId),
            E.chainW((row) => checkManageable(scope.actor, row)),
          );
          return E.isLeft(target) ? target : applyStatusEdge(deps, edge, scope.actor, target.right);
        }),
      ),
    );
