import type { Invitation } from '../invitation/invitation.js';
import type { Membership } from '../membership/membership.js';
import type { Clock } from '../shared/clock.js';
import type { IdGenerator } from '../shared/id-generator.js';
import type { AuditEntry, AuditSnapshot } from './audit-entry.js';
import type { AuditLog } from './ports/audit-log.js';
import type { RecordEventPorts } from '../events/record-event.js';

/**
 * Ports needed to append to the audit trail, and to record the outbound events of the same change
 * in the same unit of work (ARCHITECTURE §10).
 */
export interface AuditTrailDeps extends RecordEventPorts {
  readonly auditLog: AuditLog;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** Appends one entry, stamped with a fresh id and the current time (call it inside the change's unit of work). */
export const appendAudit = (deps: AuditTrailDeps, entry: Omit<AuditEntry, 'id' | 'createdAt'>): Promise<void> =>
  deps.auditLog.append({ ...entry, id: deps.ids.uuid(), createdAt: deps.clock.now() });

/** What the audit trail keeps of a membership. */
export const membershipSnapshot = (membership: Membership): AuditSnapshot => ({
  role: membership.role,
  status: membership.status,
  userId: membership.userId,
});

/** What the audit trail keeps of an invitation (never its token hash). */
export const invitationSnapshot = (invitation: Invitation): AuditSnapshot => ({
  email: invitation.email,
  role: invitation.role,
  status: invitation.status,
  membershipId: invitation.membershipId,
  expiresAt: invitation.expiresAt.toISOString(),
  revokedReason: invitation.revokedReason,
});
