import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { ManageMembersDeps } from '../managing.js';
import type { Membership, MembershipId } from '../membership.js';
import { managedStatusChange, type StatusChangeError } from '../status-change.js';

/**
 * Reinstates a suspended member (`members.manage`, strictly lower ranks; the owner only by a
 * Platform Admin).
 *
 * @example
 * await reinstateMember(deps)(request.auth, orgId, membershipId)(); // Right({ status: 'active', … })
 */
export const reinstateMember = (
  deps: ManageMembersDeps,
): ((caller: AuthPayload, organizationId: OrganizationId, membershipId: MembershipId) => TE.TaskEither<StatusChangeError, Membership>) =>
  managedStatusChange(deps, { from: ['suspended'], to: 'active', action: 'membership.reinstated', verb: 'reinstated' });
