import {
  AppVersion,
  InstallationId,
  Locale,
  Platform,
  PushToken,
  UserId,
  type Device,
  type DeviceRegistration,
  type Devices,
  type PushTarget,
  type RegisteredDevice,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate } from '../columns/decode-column.js';
import { DEVICES_PUSH_TOKEN_UNIQUE } from '../entities/device.entity.js';
import { PersistenceError } from '../errors/persistence-error.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

/** The `devices` columns, in the order the insert lists them. */
const DEVICE_COLUMNS = [
  'user_id',
  'installation_id',
  'push_token',
  'platform',
  'app_version',
  'locale',
  'created_at',
  'updated_at',
] as const;
const COLUMNS = DEVICE_COLUMNS.map((column) => `"${column}"`).join(', ');
const QUALIFIED = DEVICE_COLUMNS.map((column) => `d."${column}"`).join(', ');

// The token leaves whichever other row holds it (another user's included)…
const RELEASE_TOKEN = statement(
  'devices_release_push_token',
  `delete from "devices" where "push_token" = ? and ("user_id" <> ? or "installation_id" <> ?)`,
);

// …then the installation is inserted or updated. A language of null keeps the stored one. (Both in
// one statement would not do: a data-modifying CTE's delete is not seen by the insert's unique check.)
const REGISTER = statement(
  'devices_register',
  `insert into "devices" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?)
on conflict ("user_id", "installation_id") do update set "push_token" = excluded."push_token", "platform" = excluded."platform",
  "app_version" = excluded."app_version", "locale" = coalesce(?, "devices"."locale"), "updated_at" = excluded."updated_at"
returning ${COLUMNS}, ("xmax" = 0) as "inserted"`,
);

const FIND = statement('devices_find', `select ${COLUMNS} from "devices" where "user_id" = ? and "installation_id" = ?`);
const REVOKE = statement('devices_revoke', `delete from "devices" where "user_id" = ? and "installation_id" = ?`);
const LIST = statement(
  'devices_list_for_user',
  `select ${COLUMNS} from "devices" where "user_id" = ? order by "created_at", "installation_id"`,
);
const TARGETS = statement(
  'devices_targets_of',
  `select ${QUALIFIED}, u."locale" as "user_locale" from "devices" d join "users" u on u."id" = d."user_id"
where d."user_id" = ? and u."deleted_at" is null order by d."created_at", d."installation_id"`,
);
const REMOVE_FOR_USER = statement('devices_remove_for_user', `delete from "devices" where "user_id" = ?`);
const REMOVE_TOKEN = statement('devices_remove_by_push_token', `delete from "devices" where "push_token" = ?`);

// Two registrations of one token racing: the loser's insert meets the winner's row (inserted after
// the loser's delete ran) and fails on the token's unique constraint; run again, it moves the token.
// Each loss means another registration of the token finished, so one loses at most once per rival.
const REGISTER_ATTEMPTS = 16;
const lostTokenRace = (error: unknown): boolean =>
  error instanceof PersistenceError && error.failure === 'unique_violation' && error.constraint === DEVICES_PUSH_TOKEN_UNIQUE;

/** A `devices` row exactly as raw SQL returns it (snake_case columns). */
interface DeviceRecord {
  readonly user_id: unknown;
  readonly installation_id: unknown;
  readonly push_token: unknown;
  readonly platform: unknown;
  readonly app_version: unknown;
  readonly locale: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

/** Decodes a `devices` row into the core `Device` (a row that does not decode is a defect). */
const deviceToDomain = (row: DeviceRecord, parseDate: DateParser): Device => ({
  userId: decodeColumn(UserId, row.user_id, 'devices.user_id'),
  installationId: decodeColumn(InstallationId, row.installation_id, 'devices.installation_id'),
  pushToken: decodeColumn(PushToken, row.push_token, 'devices.push_token'),
  platform: decodeColumn(Platform, row.platform, 'devices.platform'),
  appVersion: decodeNullable(AppVersion, row.app_version, 'devices.app_version'),
  locale: decodeColumn(Locale, row.locale, 'devices.locale'),
  createdAt: requireDate(row.created_at, parseDate, 'devices.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'devices.updated_at'),
});

/** The Devices port on raw SQL (registered devices and their push tokens): prepared statements on PostgreSQL, the ORM's connection on PGlite. */
export class SqlDevices implements Devices {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  async register(registration: DeviceRegistration): Promise<RegisteredDevice> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await guarded('devices.register', () => this.registerOnce(registration));
      } catch (error) {
        if (attempt >= REGISTER_ATTEMPTS || !lostTokenRace(error)) throw error;
      }
    }
  }

  find(userId: UserId, installationId: InstallationId): Promise<O.Option<Device>> {
    return guarded('devices.find', async () => {
      const [row] = await this.sql.rows<DeviceRecord>(FIND, [userId, installationId]);
      return row === undefined ? O.none : O.some(this.toDomain(row));
    });
  }

  revoke(userId: UserId, installationId: InstallationId): Promise<boolean> {
    return guarded('devices.revoke', async () => (await this.sql.run(REVOKE, [userId, installationId])) > 0);
  }

  listForUser(userId: UserId): Promise<readonly Device[]> {
    return guarded('devices.listForUser', async () => (await this.sql.rows<DeviceRecord>(LIST, [userId])).map((row) => this.toDomain(row)));
  }

  targetsOf(userId: UserId): Promise<readonly PushTarget[]> {
    return guarded('devices.targetsOf', async () =>
      (await this.sql.rows<DeviceRecord & { user_locale: unknown }>(TARGETS, [userId])).map((row) => ({
        device: this.toDomain(row),
        userLocale: decodeNullable(Locale, row.user_locale, 'users.locale'),
      })),
    );
  }

  removeAllForUser(userId: UserId): Promise<number> {
    return guarded('devices.removeAllForUser', () => this.sql.run(REMOVE_FOR_USER, [userId]));
  }

  removeByPushTokens(tokens: readonly PushToken[]): Promise<number> {
    return guarded('devices.removeByPushTokens', async () => {
      let removed = 0;
      for (const token of new Set(tokens)) removed += await this.sql.run(REMOVE_TOKEN, [token]);
      return removed;
    });
  }

  private async registerOnce(r: DeviceRegistration): Promise<RegisteredDevice> {
    await this.sql.run(RELEASE_TOKEN, [r.pushToken, r.userId, r.installationId]);
    const values = [r.userId, r.installationId, r.pushToken, r.platform, r.appVersion, r.locale ?? r.fallbackLocale, r.at, r.at, r.locale];
    const [row] = await this.sql.rows<DeviceRecord & { inserted: boolean }>(REGISTER, values);
    if (row === undefined) throw new Error('devices register returned no row');
    return { device: this.toDomain(row), created: row.inserted === true };
  }

  private toDomain(row: DeviceRecord): Device {
    return deviceToDomain(row, this.parseDate);
  }
}
