import * as E from 'fp-ts/lib/Either.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import type { UserId } from '../identity/identifiers.js';
import type { User } from '../identity/user.js';
import type { Membership, MembershipId, MembershipStatus, Role } from '../membership/membership.js';
import type { Organization, OrganizationName } from '../organization/organization.js';
import { createOrganization } from '../organization/use-cases/create-organization.js';
import { aProviderUser } from './builders.js';
import type { TestWorld } from './world.js';

/** A local user of the test world, with the session that authenticates as them. */
export interface TestPerson {
  readonly user: User;
  readonly auth: AuthPayload;
}

/** A member of a test organization. */
export interface TestMember extends TestPerson {
  readonly membership: Membership;
}

/** The session of a user, optionally carrying a session role (e.g. `platform_admin`). */
export const sessionOf = (user: User, role?: string): AuthPayload => ({
  userId: user.idpId,
  sessionId: `sess_${user.idpId}`,
  ...(role === undefined ? {} : { role }),
  user,
});

/** Creates a local user `user_<name>` with `<name>@example.com` (also known to the fake provider). */
export const aPerson = async (world: TestWorld, name: string, role?: string): Promise<TestPerson> => {
  const snapshot = aProviderUser({ idpId: `user_${name}`, email: `${name}@example.com` });
  world.idpAdmin.put(snapshot);
  const { user } = await world.users.syncFromProvider(snapshot, world.ids.uuid() as UserId);
  return { user, auth: sessionOf(user, role) };
};

/** What each extra member of a test organization holds. */
export type MemberSpec = Role | { readonly role: Role; readonly status: MembershipStatus };

/**
 * An organization created by `owner` through `createOrganization`, plus members seeded with the
 * given roles and statuses (active unless stated).
 */
export const anOrganization = async <Names extends string>(
  world: TestWorld,
  members: { readonly [N in Names]: MemberSpec },
  name = 'Iron Gym',
): Promise<{ organization: Organization; owner: TestMember; members: { readonly [N in Names]: TestMember } }> => {
  const owner = await aPerson(world, 'owner');
  const created = await createOrganization(world)(owner.auth, { name: name as OrganizationName })();
  if (E.isLeft(created)) throw new Error(`fixture: ${created.left._tag}`);
  const { organization } = created.right;
  const seeded = {} as { [N in Names]: TestMember };
  for (const key of Object.keys(members) as Names[]) {
    const spec = members[key];
    const { role, status } = typeof spec === 'string' ? { role: spec, status: 'active' as const } : spec;
    const person = await aPerson(world, key);
    const now = world.clock.now();
    const membership: Membership = {
      id: world.ids.uuid() as MembershipId,
      organizationId: organization.id,
      userId: person.user.id,
      role,
      status,
      email: person.user.email,
      createdAt: now,
      updatedAt: now,
    };
    await world.memberships.insert(membership);
    seeded[key] = { ...person, membership };
  }
  return { organization, owner: { ...owner, membership: created.right.membership }, members: seeded };
};

/** The error code of a Left, or `'Right'`: lets a test assert errors by code in one line. */
export const outcome = <A>(result: E.Either<{ readonly _tag: string }, A>): string => (E.isLeft(result) ? result.left._tag : 'Right');

/** The organization's live owner rows (the invariant: always exactly one). */
export const liveOwners = (world: TestWorld, organizationId: string): readonly Membership[] =>
  world.memberships.all().filter((m) => m.organizationId === organizationId && m.role === 'owner' && m.status !== 'cancelled');
