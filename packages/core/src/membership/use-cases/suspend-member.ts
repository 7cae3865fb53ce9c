import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { ManageMembersDeps } from '../managing.js';
import type { Membership, MembershipId } from '../membership.js';
import { managedStatusChange, type StatusChangeError } from '../status-change.js';

/**
 * Suspends an active member (`members.manage`, strictly lower ranks; the owner only by a Platform
 * Admin). A suspended membership holds no capabilities until reinstated.
 *
 * @example
 * await suspendMember(deps)(request.auth, orgId, membershipId)(); // Right({ status: 'suspended', … })
 */
export const suspendMember = (
  deps: ManageMembersDeps,
): ((caller: AuthPayload, organizationId: OrganizationId, membershipId: MembershipId) => TE.TaskEither<StatusChangeError, Membership>) =>
  managedStatusChange(deps, { from: ['active'], to: 'suspended', action: 'membership.suspended', verb: 'suspended' });
