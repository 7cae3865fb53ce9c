import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { deleteSelf } from '../../identity/use-cases/delete-self.js';
import { handleUserDeleted } from '../../identity/use-cases/handle-user-deleted.js';
import { aPerson, createTestWorld, outcome, sessionOf, type TestWorld } from '../../testing/index.js';
import type { InstallationId, PushToken } from '../device.js';
import { notifyUser, READ_RECEIPTS_JOB } from '../push.js';
import { pushReceiptJobHandlers } from '../push-receipt-jobs.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { InvitationId } from '../../invitation/invitation.js';
import type { Locale } from '../locale.js';
import { listDevices } from './list-devices.js';
import { registerDevice, type RegisterDeviceInput } from './register-device.js';
import { rememberLocale } from './remember-locale.js';
import { revokeDevice } from './revoke-device.js';

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
  t.is(
    (
      await register(
        world,
        sessionOf(refreshed),
        phone({ installationId: 'tablet' as InstallationId, pushToken: 'ExponentPushToken[devices-core-0002]' as PushToken }),
      )
    ).device.locale as string,
    'de',
  );
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

const INVITED = {
  kind: 'invitation.received',
  organizationId: '00000000-0000-4000-8000-000000000001' as OrganizationId,
  organizationName: 'Iron Gym',
  invitationId: '00000000-0000-4000-8000-000000000002' as InvitationId,
  role: 'member',
} as const;
const MINUTE = 60_000;

test('a push enqueues the reading of its receipt one receipt delay later; a DeviceNotRegistered receipt removes the device', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'eve');
  await register(world, person.auth, phone());
  t.is(await notifyUser(world)(person.user.id, INVITED), 1);
  const [read] = world.jobQueue.enqueued.filter((job) => job.name === READ_RECEIPTS_JOB);
  t.deepEqual(read?.data, { sentAtMs: world.clock.now().getTime(), receipts: [{ receiptId: 'receipt-1', pushToken: TOKEN }] });
  t.deepEqual(read?.options.startAfter, new Date(world.clock.now().getTime() + 15 * MINUTE), 'EXPO_RECEIPT_DELAY_SECONDS later');
  world.notifications.unregisteredInReceipts.add(TOKEN);
  await world.jobQueue.drain(pushReceiptJobHandlers(world));
  t.deepEqual(world.notifications.receiptReads, [[{ receiptId: 'receipt-1', pushToken: TOKEN }]]);
  t.deepEqual(world.devices.all(), []);
});

test('an ok receipt removes nothing; a push with no accepted ticket enqueues no reading', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'gus');
  await register(world, person.auth, phone());
  await notifyUser(world)(person.user.id, INVITED);
  await world.jobQueue.drain(pushReceiptJobHandlers(world));
  t.is(world.devices.all().length, 1);
  world.notifications.unregisteredAtSend.add(TOKEN);
  const before = world.jobQueue.enqueued.length;
  await notifyUser(world)(person.user.id, INVITED);
  t.deepEqual(world.devices.all(), [], 'refused at send: removed at once');
  t.is(world.jobQueue.enqueued.length, before, 'no receipt to read');
});

test('a receipt not ready yet is asked again one delay later, and given up a day after sending', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'hal');
  await register(world, person.auth, phone());
  await notifyUser(world)(person.user.id, INVITED);
  const sentAtMs = world.clock.now().getTime();
  world.notifications.receiptsNotReady.add(TOKEN);
  const handlers = pushReceiptJobHandlers(world);
  const read = handlers[READ_RECEIPTS_JOB]!;
  const first = world.jobQueue.enqueued.at(-1)!;
  world.clock.advance(15 * MINUTE);
  await read(first.data);
  const again = world.jobQueue.enqueued.at(-1)!;
  t.not(again, first);
  t.like(again, { name: READ_RECEIPTS_JOB, data: { sentAtMs, receipts: [{ receiptId: 'receipt-1', pushToken: TOKEN }] } });
  t.deepEqual(again.options.startAfter, new Date(world.clock.now().getTime() + 15 * MINUTE));
  world.clock.advance(24 * 60 * MINUTE);
  const count = world.jobQueue.enqueued.length;
  await read(again.data);
  t.is(world.jobQueue.enqueued.length, count, 'a day after sending: given up');
  t.true(world.logger.entries.some((entry) => entry.level === 'warn' && /given up/.test(entry.message)));
  t.is(world.devices.all().length, 1);
  await t.throwsAsync(read({ receipts: 'nope' }), { message: /devices.read-receipts: malformed payload/ });
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
