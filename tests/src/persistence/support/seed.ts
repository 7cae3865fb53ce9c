import type { Persistence } from '@idv/adapters-persistence';
import type { Invitation } from '@idv/core';
import { fixtureSlug, type MembershipSeed } from '@idv/core/testing';

/** Inserts an organization row unless it exists. */
export const ensureOrganization = async (persistence: Persistence, id: string, name = 'Seeded'): Promise<void> => {
  await persistence.orm.em.execute('insert into "organizations" ("id", "name", "slug") values (?, ?, ?) on conflict ("id") do nothing', [
    id,
    name,
    fixtureSlug(id),
  ]);
};

/** Inserts a `users` row (the mirror the webhook would create) unless it exists. */
export const ensureUser = async (persistence: Persistence, id: string, email: string | null = null): Promise<void> => {
  await persistence.orm.em.execute('insert into "users" ("id", "idp_id", "email") values (?, ?, ?) on conflict do nothing', [
    id,
    `user_seed${id.replaceAll('-', '')}`,
    email,
  ]);
};

/** Inserts the organization and the user if missing, then the membership (constraints apply). */
export const seedMembership = async (persistence: Persistence, seed: MembershipSeed): Promise<void> => {
  await ensureOrganization(persistence, seed.organizationId, seed.organizationName);
  if (seed.userId !== null) await ensureUser(persistence, seed.userId);
  await persistence.orm.em.execute(
    'insert into "memberships" ("id", "organization_id", "user_id", "role", "status", "email") values (?, ?, ?, ?, ?, ?)',
    [seed.id, seed.organizationId, seed.userId, seed.role, seed.status, seed.email ?? null],
  );
};

/** Makes an invitation's foreign keys hold: its organization, its inviter and its `invited` membership row. */
export const prepareInvitation = async (persistence: Persistence, invitation: Invitation): Promise<void> => {
  await ensureOrganization(persistence, invitation.organizationId);
  await ensureUser(persistence, invitation.invitedBy);
  await persistence.orm.em.execute(
    `insert into "memberships" ("id", "organization_id", "role", "status", "email") values (?, ?, ?, 'invited', ?) on conflict ("id") do nothing`,
    [invitation.membershipId, invitation.organizationId, invitation.role === 'owner' ? 'member' : invitation.role, invitation.email],
  );
};
