import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuditAction } from '../audit/audit-entry.js';
import { appendAudit, membershipSnapshot } from '../audit/audit-trail.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import type { OrganizationId } from '../organization/organization.js';
import { authorize, type Actor, type AuthorizationError } from './authorize.js';
import { checkManageable, findMembershipIn, type ManageMembersDeps } from './managing.js';
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
  const changed = await deps.memberships.update(target.id, { role: target.role, status: target.status }, { status: edge.to }, deps.clock.now());
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
  return E.right(changed.value);
};

/** Applies an edge to a loaded target in one unit of work, with its audit entry. */
export const applyStatusEdge = (
  deps: ManageMembersDeps,
  edge: StatusEdge,
  actor: Actor,
  target: Membership,
): TE.TaskEither<InvalidMembershipTransition | MembershipChangedConcurrently, Membership> => {
  if (!edge.from.includes(target.status)) return TE.left(invalidMembershipTransition(target.status, edge.verb));
  return () => deps.unitOfWork.run(() => changeStatusAudited(deps, edge, actor, target));
};

/** A manager's status change (`members.manage`, owner protection, strictly lower ranks): suspend, reinstate. */
export const managedStatusChange =
  (deps: ManageMembersDeps, edge: StatusEdge) =>
  (caller: AuthPayload, organizationId: OrganizationId, membershipId: MembershipId): TE.TaskEither<StatusChangeError, Membership> =>
    pipe(
      authorize(deps)(caller, organizationId, 'members.manage'),
      TE.bindTo('authorized'),
      TE.bindW('target', () => findMembershipIn(deps, organizationId, membershipId)),
      TE.tap(({ authorized, target }) => TE.fromEither(checkManageable(authorized.actor, target))),
      TE.flatMap(({ authorized, target }) => applyStatusEdge(deps, edge, authorized.actor, target)),
    );
