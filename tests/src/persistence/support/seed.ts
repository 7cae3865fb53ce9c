import type { Persistence } from '@idv/adapters-persistence';
import type { MembershipSeed } from '@idv/core/testing';

/** Inserts the organization and the user if missing, then the membership (constraints apply). */
export const seedMembership = async (persistence: Persistence, seed: MembershipSeed): Promise<void> => {
  const em = persistence.orm.em;
  await em.execute('insert into "organizations" ("id", "name") values (?, ?) on conflict ("id") do nothing', [seed.organizationId, seed.organizationName]);
  if (seed.userId !== null) {
    await em.execute('insert into "users" ("id", "idp_id") values (?, ?) on conflict do nothing', [seed.userId, `user_seed${seed.userId.replaceAll('-', '')}`]);
  }
  await em.execute('insert into "memberships" ("id", "organization_id", "user_id", "role", "status") values (?, ?, ?, ?, ?)', [
    seed.id,
    seed.organizationId,
    seed.userId,
    seed.role,
    seed.status,
  ]);
};
