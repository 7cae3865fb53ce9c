import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { Email } from '../../identity/email.js';
import { deleteSelf } from '../../identity/use-cases/delete-self.js';
import { handleUserDeleted } from '../../identity/use-cases/handle-user-deleted.js';
import { acceptInvitation } from '../../invitation/use-cases/accept-invitation.js';
import { inviteMember } from '../../invitation/use-cases/invite-member.js';
import { aPerson, anOrganization, createTestWorld, outcome, sessionOf, type TestWorld } from '../../testing/index.js';
import type { InstallationId, PushToken } from '../device.js';
import type { Locale } from '../locale.js';
import { listDevices } from './list-devices.js';
import { registerDevice, type RegisterDeviceInput } from './register-device.js';
import { rememberLocale } from './remember-locale.js';
import { revokeDevice } from './revoke-device.js';
import { settlePushReceipts } from './settle-push-receipts.js';

const TOKEN = 'ExponentPushToken[devices-core-0001]' as PushToken;
const phone = (fields: Partial<RegisterDeviceInput> = {}): RegisterDeviceInput => ({
  installationId: 'phone-1' as InstallationId,
  pushToken: TOKEN,
  platform: 'ios',
  appVersion: null,
  locale: null,
  ...fields,
});

const register = async (world: TestWorld, auth: AuthPayload, input: RegisterDeviceInput) => {
  const result = await registerDevice(world)(auth, input)();
  if (E.isLeft(result)) throw new Error(result.left._tag);
  return result.right;
};

/** An owner's organization and an existing user (path 2) with a device registered in `locale`. */
const invitationScene = async (locale: Locale | null) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {}, 'Iron Temple');
  const invitee = await aPerson(world, 'invitee');
  await register(world, invitee.auth, phone({ locale }));
  if (locale !== null) await rememberLocale(world)(invitee.user, locale)();
  const invite = () => inviteMember(world)(owner.auth, organization.id, { email: 'invitee@example.com' as Email, role: 'member' })();
  return { world, organization, owner, invitee, invite };
};

test('registering creates the device with the language the request named; registering again updates it', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'ada');
  const first = await register(world, person.auth, phone({ locale: 'tr-TR' as Locale }));
  t.true(first.created);
  t.like(first.device, { userId: person.user.id, installationId: 'phone-1', platform: 'ios', locale: 'tr-TR' });
  const again = await register(world, person.auth, phone({ platform: 'android' }));
  t.false(again.created);
  t.like(again.device, { platform: 'android', locale: 'tr-TR' }, 'a request naming no language keeps the stored one');
});

test("a new device naming no language takes the user's stored language, else en", async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'bo');
  t.is((await register(world, person.auth, phone())).device.locale as string, 'en');
  await rememberLocale(world)(person.user, 'de' as Locale)();
  const refreshed = world.users.byId(person.user.id)!;
  t.is((await register(world, sessionOf(refreshed), phone({ installationId: 'tablet' as InstallationId, pushToken: 'ExponentPushToken[devices-core-0002]' as PushToken }))).device.locale as string, 'de');
});

test('a caller without a local user cannot register (UserNotFound); revoking and listing are empty and idempotent', async (t) => {
  const world = createTestWorld();
  const ghost: AuthPayload = { userId: 'user_ghost' as AuthPayload['userId'], sessionId: 'sess', user: null };
  t.is(outcome(await registerDevice(world)(ghost, phone())()), 'UserNotFound');
  t.deepEqual(await revokeDevice(world)(ghost, 'phone-1' as InstallationId)(), E.right(false));
  t.deepEqual(await listDevices(world)(ghost)(), E.right([]));
});

test('revoking removes the device once; the second revoke is a no-op', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'cy');
  await register(world, person.auth, phone());
  t.deepEqual(await revokeDevice(world)(person.auth, 'phone-1' as InstallationId)(), E.right(true));
  t.deepEqual(await revokeDevice(world)(person.auth, 'phone-1' as InstallationId)(), E.right(false));
  t.deepEqual(await listDevices(world)(person.auth)(), E.right([]));
});

test('the language is written on the user only when it changes', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'dee');
  t.deepEqual(await rememberLocale(world)(person.user, 'tr-TR' as Locale)(), E.right(true));
  const stored = world.users.byId(person.user.id)!;
  t.is(stored.locale as string | null, 'tr-TR');
  t.deepEqual(await rememberLocale(world)(stored, 'tr-TR' as Locale)(), E.right(false));
});

test('issue #14: path 2 notifies the invitee, once per device, in their stored language, after the invitation commits', async (t) => {
  const { world, invite, organization } = await invitationScene('tr-TR' as Locale);
  const result = await invite();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  await world.background.settled();
  t.deepEqual(world.background.started, ['notify invitee']);
  t.is(world.notifications.sent.length, 1);
  t.like(world.notifications.sent[0], {
    pushToken: TOKEN,
    locale: 'tr-TR',
    message: { kind: 'invitation.received', organizationId: organization.id, organizationName: 'Iron Temple', invitationId: result.right.invitation.id, role: 'member' },
  });
});

test('a path-1 invitation (no account) notifies nobody', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  t.is(outcome(await inviteMember(world)(owner.auth, organization.id, { email: 'stranger@example.com' as Email, role: 'member' })()), 'Right');
  await world.background.settled();
  t.deepEqual(world.notifications.sent, []);
});

test('after the device is revoked, the next invitation reaches nobody', async (t) => {
  const { world, invitee, invite } = await invitationScene('tr-TR' as Locale);
  await revokeDevice(world)(invitee.auth, 'phone-1' as InstallationId)();
  t.is(outcome(await invite()), 'Right');
  await world.background.settled();
  t.deepEqual(world.notifications.sent, []);
});

test('a push service that fails never fails the invitation: it is logged at warn', async (t) => {
  const { world, invite } = await invitationScene(null);
  world.notifications.failSends = true;
  t.is(outcome(await invite()), 'Right');
  await world.background.settled();
  t.like(world.logger.at('warn')[0], { message: 'background task failed', fields: { task: 'notify invitee', err: 'push service unavailable' } });
});

test('DeviceNotRegistered at send removes the device, and the log shows only the masked token', async (t) => {
  const { world, invite } = await invitationScene(null);
  world.notifications.unregisteredAtSend.add(TOKEN);
  t.is(outcome(await invite()), 'Right');
  await world.background.settled();
  t.deepEqual(world.devices.all(), []);
  const logged = JSON.stringify(world.logger.entries);
  t.false(logged.includes(TOKEN));
  t.true(logged.includes('…001]'));
});

test('DeviceNotRegistered in a receipt removes the device when receipts are settled', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'eve');
  await register(world, person.auth, phone());
  world.notifications.unregisteredInReceipts.add(TOKEN);
  t.deepEqual(await settlePushReceipts(world)()(), E.right(1));
  t.deepEqual(world.devices.all(), []);
  t.deepEqual(await settlePushReceipts(world)()(), E.right(0));
});

test("accepting notifies the inviter in the inviter's language", async (t) => {
  const { world, owner, invitee, invite, organization } = await invitationScene(null);
  await register(world, owner.auth, phone({ installationId: 'owner-phone' as InstallationId, pushToken: 'ExponentPushToken[devices-owner-01]' as PushToken, locale: 'tr' as Locale }));
  const invited = await invite();
  if (E.isLeft(invited)) return t.fail(invited.left._tag);
  await world.background.settled();
  world.notifications.sent.length = 0;
  const accepted = await acceptInvitation(world)(invitee.auth, { invitationId: invited.right.invitation.id })();
  t.is(outcome(accepted), 'Right');
  await world.background.settled();
  t.deepEqual(
    world.notifications.sent.map((push) => [push.installationId, push.locale, push.message.kind, push.message.organizationName]),
    [['owner-phone', 'tr', 'invitation.accepted', organization.name]],
  );
  t.like(world.notifications.sent[0]?.message, { inviteeEmail: 'invitee@example.com' });
});

test("deleting a user removes the user's devices in the same write", async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'fay');
  await register(world, person.auth, phone());
  t.is(outcome(await deleteSelf(world)({ idpId: person.user.idpId, skipProvider: true })()), 'Right');
  t.deepEqual(world.devices.all(), []);
});

test("the provider's user.deleted removes the user's devices too (the same soft-delete write)", async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'gus');
  await register(world, person.auth, phone());
  t.is(outcome(await handleUserDeleted(world)(person.user.idpId)()), 'Right');
  t.deepEqual(world.devices.all(), []);
});
