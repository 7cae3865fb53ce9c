import { AppVersion, InstallationId, Locale, Platform, PushToken, UserId, type Device } from '@idv/core';
import type { DateParser } from './column-values.js';
import { decodeColumn, decodeNullable, requireDate } from './decode-column.js';

/** A `devices` row exactly as raw SQL returns it (snake_case columns). */
export interface DeviceRecord {
  readonly user_id: unknown;
  readonly installation_id: unknown;
  readonly push_token: unknown;
  readonly platform: unknown;
  readonly app_version: unknown;
  readonly locale: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

/** The `devices` columns, in the order the mapper and the insert statement use them. */
export const DEVICE_COLUMNS = ['user_id', 'installation_id', 'push_token', 'platform', 'app_version', 'locale', 'created_at', 'updated_at'] as const;

/** Decodes a `devices` row into the core `Device` (a row that does not decode is a defect). */
export const deviceToDomain = (row: DeviceRecord, parseDate: DateParser): Device => ({
  userId: decodeColumn(UserId, row.user_id, 'devices.user_id'),
  installationId: decodeColumn(InstallationId, row.installation_id, 'devices.installation_id'),
  pushToken: decodeColumn(PushToken, row.push_token, 'devices.push_token'),
  platform: decodeColumn(Platform, row.platform, 'devices.platform'),
  appVersion: decodeNullable(AppVersion, row.app_version, 'devices.app_version'),
  locale: decodeColumn(Locale, row.locale, 'devices.locale'),
  createdAt: requireDate(row.created_at, parseDate, 'devices.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'devices.updated_at'),
});
