import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { AuthorizationError } from '../authorize.js';
import { authorizedWrite, authorizeGrant } from '../authorized-write.js';
import type { ManageMembersDeps } from '../managing.js';
import {
  membershipNotFound,
  ownerCannotLeave,
  type InvalidMembershipTransition,
  type MembershipChangedConcurrently,
  type MembershipNotFound,
  type OwnerCannotLeave,
} from '../membership.errors.js';
import type { Membership } from '../membership.js';
import { applyStatusEdge } from '../status-change.js';

/** What leaving can answer. */
export type LeaveOrganizationError =
  AuthorizationError | MembershipNotFound | OwnerCannotLeave | InvalidMembershipTransition | MembershipChangedConcurrently;

/**
 * The caller leaves an organization: any active member but the owner, who must transfer
 * ownership first. The membership becomes `cancelled` (audit `membership.left`), judged on the
 * caller's locked row (an owner by a transfer meanwhile cannot leave).
 *
 * @example
 * await leaveOrganization(deps)(request.auth, orgId)(); // Right({ status: 'cancelled', … })
 */
export const leaveOrganization =
  (deps: ManageMembersDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<LeaveOrganizationError, Membership> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'organization.read'),
      TE.flatMap((grant) =>
        authorizedWrite(deps, grant, [], async ({ actor }): Promise<E.Either<LeaveOrganizationError, Membership>> => {
          if (actor.kind !== 'member') return E.left(membershipNotFound());
          if (actor.membership.role === 'owner') return E.left(ownerCannotLeave());
          return applyStatusEdge(
            deps,
            { from: ['active'], to: 'cancelled', action: 'membership.left', verb: 'left' },
            actor,
            actor.membership,
          );
        }),
      ),
    );
