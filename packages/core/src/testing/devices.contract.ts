import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { AppVersion, DeviceRegistration, InstallationId, PushToken } from '../devices/device.js';
import type { Locale } from '../devices/locale.js';
import type { Devices } from '../devices/ports/devices.js';
import type { UserId } from '../identity/identifiers.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** A Devices implementation plus a way to make its users exist (with a stored language, or deleted). */
export interface DevicesSubject {
  readonly devices: Devices;
  /** Makes the user exist, if missing, with this stored language and deletion state. */
  prepare(userId: UserId, owner?: { readonly locale?: Locale | null; readonly deleted?: boolean }): Promise<void>;
}

const user = (n: number): UserId => fixtureUuid(0xde, n) as UserId;
const installation = (name: string): InstallationId => name as InstallationId;
const token = (name: string): PushToken => `ExponentPushToken[${name}-0123456789]` as PushToken;
const T = new Date('2026-06-01T10:00:00.000Z');
const later = (seconds: number): Date => new Date(T.getTime() + seconds * 1000);

const registration = (
  userId: UserId,
  installationId: string,
  pushToken: string,
  fields: Partial<DeviceRegistration> = {},
): DeviceRegistration => ({
  userId,
  installationId: installation(installationId),
  pushToken: token(pushToken),
  platform: 'ios',
  appVersion: null,
  locale: null,
  fallbackLocale: 'en' as Locale,
  at: T,
  ...fields,
});

const holdersOf = async (devices: Devices, users: readonly UserId[], pushToken: string): Promise<string[]> =>
  (await Promise.all(users.map((u) => devices.listForUser(u))))
    .flat()
    .filter((device) => device.pushToken === token(pushToken))
    .map((device) => `${device.userId}/${device.installationId}`);

/** The Devices port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const devicesContract: readonly ContractCase<DevicesSubject>[] = [
  {
    name: 'a first registration creates the device; registering again updates it in place (created false, createdAt kept)',
    async run({ devices, prepare }) {
      await prepare(user(1));
      const first = await devices.register(registration(user(1), 'inst-1', 'a', { locale: 'tr-TR' as Locale }));
      assert.equal(first.created, true);
      assert.deepEqual(first.device, {
        userId: user(1),
        installationId: installation('inst-1'),
        pushToken: token('a'),
        platform: 'ios',
        appVersion: null,
        locale: 'tr-TR',
        createdAt: T,
        updatedAt: T,
      });
      const again = await devices.register(
        registration(user(1), 'inst-1', 'b', { platform: 'android', appVersion: '2.1.0' as AppVersion, at: later(60) }),
      );
      assert.equal(again.created, false);
      assert.deepEqual(again.device, {
        ...first.device,
        pushToken: token('b'),
        platform: 'android',
        appVersion: '2.1.0',
        updatedAt: later(60),
      });
      assert.deepEqual(O.toNullable(await devices.find(user(1), installation('inst-1'))), again.device);
      assert.equal((await devices.listForUser(user(1))).length, 1);
    },
  },
  {
    name: 'a registration that names no language keeps the stored one; a new device takes the fallback',
    async run({ devices, prepare }) {
      await prepare(user(2));
      const created = await devices.register(registration(user(2), 'inst-2', 'c', { fallbackLocale: 'de' as Locale }));
      assert.equal(created.device.locale, 'de');
      await devices.register(registration(user(2), 'inst-2', 'c', { locale: 'tr' as Locale, at: later(1) }));
      const kept = await devices.register(
        registration(user(2), 'inst-2', 'c', { locale: null, fallbackLocale: 'en' as Locale, at: later(2) }),
      );
      assert.equal(kept.device.locale, 'tr');
    },
  },
  {
    name: 'a push token registered by another user moves to them: the previous holder loses that device',
    async run({ devices, prepare }) {
      await prepare(user(3));
      await prepare(user(4));
      await devices.register(registration(user(3), 'shared-phone', 'moving'));
      const moved = await devices.register(registration(user(4), 'shared-phone', 'moving', { at: later(5) }));
      assert.equal(moved.created, true);
      assert.deepEqual(await devices.listForUser(user(3)), []);
      assert.deepEqual(await holdersOf(devices, [user(3), user(4)], 'moving'), [`${user(4)}/shared-phone`]);
    },
  },
  {
    name: 'a push token registered under another installation of the same user moves there',
    async run({ devices, prepare }) {
      await prepare(user(5));
      await devices.register(registration(user(5), 'old-install', 'reinstalled'));
      await devices.register(registration(user(5), 'new-install', 'reinstalled', { at: later(1) }));
      assert.deepEqual(
        (await devices.listForUser(user(5))).map((d) => d.installationId),
        ['new-install'],
      );
    },
  },
  {
    name: 'concurrent registrations of one push token by different users leave exactly one device holding it',
    async run({ devices, prepare }) {
      const racers = [10, 11, 12, 13, 14, 15].map(user);
      for (const racer of racers) await prepare(racer);
      const results = await Promise.all(
        racers.map((racer, i) => devices.register(registration(racer, `race-${i}`, 'contested', { at: later(i) }))),
      );
      assert.equal(results.length, racers.length);
      assert.equal((await holdersOf(devices, racers, 'contested')).length, 1);
    },
  },
  {
    name: "revoking removes only the caller's installation and is idempotent",
    async run({ devices, prepare }) {
      await prepare(user(20));
      await prepare(user(21));
      await devices.register(registration(user(20), 'same-id', 'mine'));
      await devices.register(registration(user(21), 'same-id', 'theirs'));
      assert.equal(await devices.revoke(user(20), installation('same-id')), true);
      assert.equal(await devices.revoke(user(20), installation('same-id')), false);
      assert.equal(await devices.revoke(user(20), installation('never-registered')), false);
      assert.ok(O.isNone(await devices.find(user(20), installation('same-id'))));
      assert.equal((await devices.listForUser(user(21))).length, 1);
    },
  },
  {
    name: "a user's devices are listed oldest first, and only theirs",
    async run({ devices, prepare }) {
      await prepare(user(30));
      await prepare(user(31));
      await devices.register(registration(user(30), 'second', 'l2', { at: later(10) }));
      await devices.register(registration(user(30), 'first', 'l1', { at: later(5) }));
      await devices.register(registration(user(31), 'other', 'l3'));
      assert.deepEqual(
        (await devices.listForUser(user(30))).map((d) => d.installationId),
        ['first', 'second'],
      );
    },
  },
  {
    name: "push targets carry the user's stored language; a deleted user has none",
    async run({ devices, prepare }) {
      await prepare(user(40), { locale: 'tr-TR' as Locale });
      await prepare(user(41));
      await prepare(user(42), { deleted: true });
      await devices.register(registration(user(40), 'phone', 't1', { locale: 'en' as Locale }));
      await devices.register(registration(user(41), 'phone', 't2', { locale: 'de' as Locale }));
      await devices.register(registration(user(42), 'phone', 't3'));
      assert.deepEqual(
        (await devices.targetsOf(user(40))).map((t) => [t.device.pushToken, t.userLocale, t.device.locale]),
        [[token('t1'), 'tr-TR', 'en']],
      );
      assert.deepEqual(
        (await devices.targetsOf(user(41))).map((t) => [t.device.pushToken, t.userLocale]),
        [[token('t2'), null]],
      );
      assert.deepEqual(await devices.targetsOf(user(42)), []);
      assert.deepEqual(await devices.targetsOf(user(43)), []);
    },
  },
  {
    name: "removing a user's devices, or devices by push token, removes exactly those",
    async run({ devices, prepare }) {
      await prepare(user(50));
      await prepare(user(51));
      await devices.register(registration(user(50), 'a', 'r1'));
      await devices.register(registration(user(50), 'b', 'r2'));
      await devices.register(registration(user(51), 'a', 'r3'));
      await devices.register(registration(user(51), 'b', 'r4'));
      assert.equal(await devices.removeAllForUser(user(50)), 2);
      assert.deepEqual(await devices.listForUser(user(50)), []);
      assert.equal(await devices.removeByPushTokens([token('r3'), token('unknown')]), 1);
      assert.deepEqual(
        (await devices.listForUser(user(51))).map((d) => d.installationId),
        ['b'],
      );
      assert.equal(await devices.removeByPushTokens([]), 0);
    },
  },
];

/** The in-memory subject: the fake with its own table of users. */
export const inMemoryDevicesSubject = (
  create: (ownerOf: (userId: UserId) => { locale: Locale | null; deleted: boolean } | undefined) => Devices,
): DevicesSubject => {
  const owners = new Map<UserId, { locale: Locale | null; deleted: boolean }>();
  return {
    devices: create((userId) => owners.get(userId)),
    prepare: async (userId, owner = {}) => {
      if (!owners.has(userId)) owners.set(userId, { locale: owner.locale ?? null, deleted: owner.deleted ?? false });
    },
  };
};
