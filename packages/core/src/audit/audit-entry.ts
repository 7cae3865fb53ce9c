import * as t from 'io-ts';
import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';

/** The audited actions (ARCHITECTURE §5); the one source of the list. */
export const AuditAction = t.keyof(
  {
    'organization.created': null,
    'organization.updated': null,
    'organization.deleted': null,
    'invitation.created': null,
    'invitation.resent': null,
    'invitation.revoked': null,
    'invitation.declined': null,
    'invitation.accepted': null,
    'invitation.expired': null,
    'membership.role_changed': null,
    'membership.suspended': null,
    'membership.reinstated': null,
    'membership.removed': null,
    'membership.left': null,
    'membership.cancelled': null,
    'ownership.transferred': null,
    'compliance.read': null,
    'organization.owner_lost': null,
    'agreement_template.created': null,
    'agreement_template.updated': null,
    'agreement.requested': null,
    'agreement.link_issued': null,
    'agreement.viewed': null,
    'agreement.signed': null,
    'agreement.revoked': null,
    'purchase.flagged': null,
  },
  'AuditAction',
);
/** An audited action. */
export type AuditAction = t.TypeOf<typeof AuditAction>;

/** What an audit entry is about. */
export const AuditTargetType = t.keyof(
  { organization: null, membership: null, invitation: null, agreement: null, agreement_template: null, purchase: null },
  'AuditTargetType',
);
/** What an audit entry is about. */
export type AuditTargetType = t.TypeOf<typeof AuditTargetType>;

/** A flat, JSON-ready picture of the target before or after the change (never a secret). */
export type AuditSnapshot = Readonly<Record<string, string | number | boolean | null>>;

/** One append-only line of an organization's audit trail. */
export interface AuditEntry {
  readonly id: string;
  readonly organizationId: OrganizationId;
  readonly action: AuditAction;
  /** Who did it; null when nobody did (an expiry noticed on read). */
  readonly actorUserId: UserId | null;
  readonly targetType: AuditTargetType;
  readonly targetId: string;
  readonly before: AuditSnapshot | null;
  readonly after: AuditSnapshot | null;
  readonly createdAt: Date;
}
