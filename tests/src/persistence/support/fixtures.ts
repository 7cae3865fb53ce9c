import type {
  AuditEntry,
  Email,
  Invitation,
  InvitationId,
  Membership,
  MembershipId,
  Organization,
  OrganizationId,
  OrganizationName,
  UserId,
} from '@idv/core';
import { fixtureSlug, fixtureUuid } from '@idv/core/testing';

/** A fixed instant the fixtures count from (no wall clock in assertions). */
export const T0 = new Date('2026-05-01T10:00:00.000Z');

/** A time `seconds` after {@link T0}. */
export const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

/** Deterministic ids per kind, under a file's own prefix so files never collide. */
export const idsFor = (prefix: number) => ({
  org: (n: number) => fixtureUuid(prefix, n) as OrganizationId,
  user: (n: number) => fixtureUuid(prefix + 1, n) as UserId,
  membership: (n: number) => fixtureUuid(prefix + 2, n) as MembershipId,
  invitation: (n: number) => fixtureUuid(prefix + 3, n) as InvitationId,
  entry: (n: number) => fixtureUuid(prefix + 4, n),
});

/** An organization created at {@link T0}. */
export const anOrganization = (id: OrganizationId, name = 'Iron Gym'): Organization => ({
  id,
  name: name as OrganizationName,
  slug: fixtureSlug(id),
  createdAt: T0,
  updatedAt: T0,
});

/** An active member row created at {@link T0}. */
export const aMembership = (fields: Pick<Membership, 'id' | 'organizationId' | 'userId'> & Partial<Membership>): Membership => ({
  role: 'member',
  status: 'active',
  email: null,
  createdAt: T0,
  updatedAt: T0,
  ...fields,
});

/** A pending invitation issued at {@link T0}, expiring a week later. */
export const anInvitation = (
  fields: Pick<Invitation, 'id' | 'organizationId' | 'membershipId' | 'invitedBy'> & Partial<Invitation>,
): Invitation => ({
  email: 'invitee@example.com' as Email,
  role: 'member',
  status: 'pending',
  tokenHash: 'hash-1',
  providerInvitationId: null,
  expiresAt: at(7 * 86_400),
  createdAt: T0,
  updatedAt: T0,
  revokedReason: null,
  ...fields,
});

/** An `invitation.created` entry at {@link T0}. */
export const anAuditEntry = (fields: Pick<AuditEntry, 'id' | 'organizationId'> & Partial<AuditEntry>): AuditEntry => ({
  action: 'invitation.created',
  actorUserId: null,
  targetType: 'invitation',
  targetId: fields.id,
  before: null,
  after: { status: 'pending' },
  createdAt: T0,
  ...fields,
});

/** What a rejected call threw (fails the test when it resolved). */
export const rejectionOf = async (work: Promise<unknown>): Promise<unknown> => {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};
