import type { Persistence } from '@idv/adapters-persistence';
import type { MembershipStatus, Role } from '@idv/core';

/** A membership to seed, with its organization and (unless invited) its user. */
export interface MembershipSeed {
  readonly id: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly userId: string | null;
  readonly role: Role;
  readonly status: MembershipStatus;
}

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

/** A readable, valid UUID from a number, so fixtures stay deterministic. */
export const uuid = (prefix: number, n: number): string =>
  `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
