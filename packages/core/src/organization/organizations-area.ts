import * as TE from 'fp-ts/lib/TaskEither.js';
import { listAuditEntries } from '../audit/use-cases/list-audit-entries.js';
import type { AuditLog } from '../audit/ports/audit-log.js';
import type { NationalIdVault } from '../identity/ports/national-id-vault.js';
import type { NationalIds } from '../identity/ports/national-ids.js';
import type { PaymentGateway } from '../payments/ports/payment-gateway.js';
import type { PaymentSubscriptions } from '../payments/ports/payment-subscriptions.js';
import type { PaymentTransactions } from '../payments/ports/payment-transactions.js';
import { readComplianceRecord } from './use-cases/read-compliance-record.js';
import type { InvitationDeps } from '../invitation/invitation-steps.js';
import type { InvitationThrottle } from '../invitation/ports/invitation-throttle.js';
import { acceptInvitation } from '../invitation/use-cases/accept-invitation.js';
import { declineInvitation } from '../invitation/use-cases/decline-invitation.js';
import { inviteMember, type InviteMemberDeps } from '../invitation/use-cases/invite-member.js';
import { listInvitations } from '../invitation/use-cases/list-invitations.js';
import { listMyInvitations } from '../invitation/use-cases/list-my-invitations.js';
import { resendInvitation } from '../invitation/use-cases/resend-invitation.js';
import { revokeInvitation } from '../invitation/use-cases/revoke-invitation.js';
import type { ManageMembersDeps } from '../membership/managing.js';
import { changeMemberRole } from '../membership/use-cases/change-member-role.js';
import { leaveOrganization } from '../membership/use-cases/leave-organization.js';
import { listMembers } from '../membership/use-cases/list-members.js';
import { reinstateMember } from '../membership/use-cases/reinstate-member.js';
import { removeMember } from '../membership/use-cases/remove-member.js';
import { resolveMembership } from '../membership/use-cases/resolve-membership.js';
import { suspendMember } from '../membership/use-cases/suspend-member.js';
import { transferOwnership } from '../membership/use-cases/transfer-ownership.js';
import { createOrganization } from './use-cases/create-organization.js';
import { deleteOrganization } from './use-cases/delete-organization.js';
import { getOrganization } from './use-cases/get-organization.js';
import { listOwnerlessOrganizations } from './use-cases/list-ownerless-organizations.js';
import { updateOrganization } from './use-cases/update-organization.js';
import { withPorts } from '../shared/with-ports.js';

/** Every port the organizations area needs, by name. */
export interface OrganizationsPorts extends ManageMembersDeps, InvitationDeps, Omit<InviteMemberDeps, 'acceptPendingInvitations'> {
  readonly auditLog: AuditLog;
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  /** The invitation budgets: per organization, inviter and recipient, and the resend cooldown. */
  readonly invitationThrottle: InvitationThrottle;
  /** Deleting an organization: its open payments refuse it; its linked subscriptions are cancelled at the provider. */
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentSubscriptions: PaymentSubscriptions;
  readonly paymentGateway: PaymentGateway;
}

/**
 * The organizations area's use cases bound to their ports: organizations, the roster and every
 * membership change, both invitation paths, the audit trail and the compliance record. Each one
 * authorizes through `authorize` against the caller's membership in the organization.
 *
 * @example
 * const organizations = organizationsArea({ organizations, memberships, invitations, auditLog, … });
 * await organizations.createOrganization(request.auth, { name })();
 */
export const organizationsArea = (ports: OrganizationsPorts) => {
  // spec: only user.created and the /users/me recovery path accept pending invitations, not the
  // mirroring of an invitee that inviteMember finds at the provider.
  const deps = withPorts(ports, { acceptPendingInvitations: () => TE.right({ accepted: 0 }) });
  return {
    /** See `createOrganization`. */
    createOrganization: createOrganization(deps),
    /** See `getOrganization`. */
    getOrganization: getOrganization(deps),
    /** See `updateOrganization`. */
    updateOrganization: updateOrganization(deps),
    /** See `deleteOrganization`. */
    deleteOrganization: deleteOrganization(deps),
    /** See `resolveMembership`. */
    resolveMembership: resolveMembership(deps),
    /** See `listMembers`. */
    listMembers: listMembers(deps),
    /** See `changeMemberRole`. */
    changeMemberRole: changeMemberRole(deps),
    /** See `suspendMember`. */
    suspendMember: suspendMember(deps),
    /** See `reinstateMember`. */
    reinstateMember: reinstateMember(deps),
    /** See `removeMember`. */
    removeMember: removeMember(deps),
    /** See `leaveOrganization`. */
    leaveOrganization: leaveOrganization(deps),
    /** See `transferOwnership`. */
    transferOwnership: transferOwnership(deps),
    /** See `inviteMember`. */
    inviteMember: inviteMember(deps),
    /** See `listInvitations`. */
    listInvitations: listInvitations(deps),
    /** See `resendInvitation`. */
    resendInvitation: resendInvitation(deps),
    /** See `revokeInvitation`. */
    revokeInvitation: revokeInvitation(deps),
    /** See `listMyInvitations`. */
    listMyInvitations: listMyInvitations(deps),
    /** See `acceptInvitation`. */
    acceptInvitation: acceptInvitation(deps),
    /** See `declineInvitation`. */
    declineInvitation: declineInvitation(deps),
    /** See `listAuditEntries`. */
    listAuditEntries: listAuditEntries(deps),
    /** See `listOwnerlessOrganizations`. */
    listOwnerlessOrganizations: listOwnerlessOrganizations(deps),
    /** See `readComplianceRecord`. */
    readComplianceRecord: readComplianceRecord(deps),
  };
};

/** The organizations area's bound use cases. */
export type OrganizationsArea = ReturnType<typeof organizationsArea>;
