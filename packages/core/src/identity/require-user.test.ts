import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { InstallationId, PushToken } from '../devices/device.js';
import { registerDevice } from '../devices/use-cases/register-device.js';
import type { InvitationId } from '../invitation/invitation.js';
import { acceptInvitation } from '../invitation/use-cases/accept-invitation.js';
import { declineInvitation } from '../invitation/use-cases/decline-invitation.js';
import { listMyInvitations } from '../invitation/use-cases/list-my-invitations.js';
import { authorize } from '../membership/authorize.js';
import { resolveMembership } from '../membership/use-cases/resolve-membership.js';
import type { OrganizationName } from '../organization/organization.js';
import { createOrganization } from '../organization/use-cases/create-organization.js';
import { listOwnerlessOrganizations } from '../organization/use-cases/list-ownerless-organizations.js';
import { pageRequest } from '../shared/pagination.js';
import { anOrganization, createTestWorld, outcome, sessionOf, type TestWorld } from '../testing/index.js';
import type { AuthPayload } from './auth-payload.js';
import { PLATFORM_ADMIN_ROLE } from './auth-payload.js';
import { NationalId } from './national-id.js';
import { requireUser, requireUserOr } from './require-user.js';
import { getMe } from './use-cases/get-me.js';
import { setNationalId } from './use-cases/set-national-id.js';

const INVITATION = '00000000-0000-4000-8000-00000000aaaa' as InvitationId;
const NATIONAL_ID = NationalId.decode('10000000078');

test('a deleted user is refused: UserDeleted, before anything else is asked', async (t) => {
  const world = createTestWorld();
  const { owner } = await anOrganization(world, {});
  const deleted = sessionOf({ ...owner.user, deletedAt: world.clock.now() });
  t.is(outcome(requireUser(deleted)), 'UserDeleted');
  t.is(outcome(requireUserOr(deleted, () => ({ _tag: 'OrganizationNotFound' }))), 'UserDeleted');
});

test('a caller without a local user is UserNotFound, or what the route says instead', (t) => {
  const nobody: AuthPayload = { userId: 'user_nobody', sessionId: 'sess_nobody', user: null } as AuthPayload;
  t.is(outcome(requireUser(nobody)), 'UserNotFound');
  t.is(outcome(requireUserOr(nobody, () => ({ _tag: 'OrganizationNotFound' }))), 'OrganizationNotFound');
});

test('a live user passes as themselves', async (t) => {
  const world = createTestWorld();
  const { owner } = await anOrganization(world, {});
  t.deepEqual(requireUser(owner.auth), E.right(owner.user));
});

// Every route that reads the caller's user refuses a deleted one the same way.
const CALLERS: Readonly<
  Record<string, (world: TestWorld, caller: AuthPayload, organizationId: string) => Promise<E.Either<{ readonly _tag: string }, unknown>>>
> = {
  authorize: (world, caller, organizationId) => authorize(world)(caller, organizationId as never, 'organization.read')(),
  resolveMembership: (world, caller, organizationId) => resolveMembership(world)(caller, organizationId as never)(),
  createOrganization: (world, caller) => createOrganization(world)(caller, { name: 'Second Gym' as OrganizationName })(),
  listOwnerlessOrganizations: (world, caller) => listOwnerlessOrganizations(world)(caller, pageRequest())(),
  setNationalId: (world, caller) =>
    E.isRight(NATIONAL_ID) ? setNationalId(world)(caller, NATIONAL_ID.right)() : Promise.reject(new Error('fixture')),
  getMe: (world, caller) => getMe(world)(caller)(),
  listMyInvitations: (world, caller) => listMyInvitations(world)(caller)(),
  acceptInvitation: (world, caller) => acceptInvitation(world)(caller, { invitationId: INVITATION })(),
  declineInvitation: (world, caller) => declineInvitation(world)(caller, { invitationId: INVITATION })(),
  registerDevice: (world, caller) =>
    registerDevice(world)(caller, {
      installationId: 'phone-1' as InstallationId,
      pushToken: 'ExponentPushToken[deleted-0001]' as PushToken,
      platform: 'ios',
      appVersion: null,
      locale: null,
    })(),
};

const refusesDeleted = test.macro({
  async exec(t, name: string) {
    const world = createTestWorld();
    const { organization, owner } = await anOrganization(world, {});
    const deleted = sessionOf(
      { ...owner.user, deletedAt: world.clock.now() },
      name === 'listOwnerlessOrganizations' ? PLATFORM_ADMIN_ROLE : undefined,
    );
    t.is(outcome(await CALLERS[name]!(world, deleted, organization.id)), 'UserDeleted');
  },
  title: (_provided, name: string) => `a deleted user is refused by ${name}`,
});

for (const name of Object.keys(CALLERS)) test(refusesDeleted, name);
