import type * as t from 'io-ts';
import type { AuditEntry, InvitationView, Membership, Organization, Page } from '@idv/core';
import type { AuditEntryView, InvitationView as InvitationJson, MembershipView, OrganizationView } from './response-codecs.js';

/** An organization as the API shows it. */
export const organizationJson = ({ id, name, createdAt, updatedAt }: Organization): t.TypeOf<typeof OrganizationView> => ({ id, name, createdAt, updatedAt });

/** A membership as the API shows it (`id` is the membership id). */
export const membershipJson = ({ id, organizationId, userId, email, role, status, createdAt, updatedAt }: Membership): t.TypeOf<typeof MembershipView> => ({
  id,
  organizationId,
  userId,
  email,
  role,
  status,
  createdAt,
  updatedAt,
});

/** An invitation as the API shows it: never its token or the token's hash. */
export const invitationJson = ({ id, organizationId, email, role, status, membershipId, expiresAt, createdAt, revokedReason }: InvitationView): t.TypeOf<typeof InvitationJson> => ({
  id,
  organizationId,
  email,
  role,
  status,
  membershipId,
  expiresAt,
  createdAt,
  revokedReason,
});

/** One line of the audit trail. */
export const auditEntryJson = ({ id, action, actorUserId, targetType, targetId, before, after, createdAt }: AuditEntry): t.TypeOf<typeof AuditEntryView> => ({
  id,
  action,
  actorUserId,
  targetType,
  targetId,
  before,
  after,
  createdAt,
});

/** A list page: `{ items, nextCursor }` (null at the end). */
export const pageJson = <T, J>(page: Page<T>, toJson: (item: T) => J) => ({ items: page.items.map(toJson), nextCursor: page.nextCursor });
