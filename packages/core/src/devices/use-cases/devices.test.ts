import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { deleteSelf } from '../../identity/use-cases/delete-self.js';
import { handleUserDeleted } from '../../identity/use-cases/handle-user-deleted.js';
import { aPerson, createTestWorld, outcome, sessionOf, type TestWorld } from '../../testing/index.js';
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

test('DeviceNotRegistered in a receipt removes the device when receipts are settled', async (t) => {
  const world = createTestWorld();
  const person = await aPerson(world, 'eve');
  await register(world, person.auth, phone());
  world.notifications.unregisteredInReceipts.add(TOKEN);
  t.deepEqual(await settlePushReceipts(world)()(), E.right(1));
  t.deepEqual(world.devices.all(), []);
  t.deepEqual(await settlePushReceipts(world)()(), E.right(0));
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
