import { Platform } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { UserRow } from './user.entity.js';

/** A `devices` row as the ORM sees it. */
export interface DeviceRow {
  user: UserRow;
  installationId: string;
  /** Personal data: never logged or returned whole. */
  pushToken: string;
  platform: Platform;
  appVersion: string | null;
  locale: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The name of the unique constraint that gives a push token to one device at a time, across users. */
export const DEVICES_PUSH_TOKEN_UNIQUE = 'devices_push_token_unique';

/** The `devices` table: one row per (user, installation); removed with the user's deletion. */
export const DeviceSchema = new EntitySchema<DeviceRow>({
  name: 'Device',
  tableName: 'devices',
  properties: {
    user: { kind: 'm:1', entity: 'User', fieldName: 'user_id', primary: true, deleteRule: 'cascade' },
    installationId: { type: 'text', fieldName: 'installation_id', primary: true },
    pushToken: { type: 'text', fieldName: 'push_token' },
    platform: { enum: true, items: Object.keys(Platform.keys) },
    appVersion: { type: 'text', fieldName: 'app_version', nullable: true },
    locale: { type: 'text' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
  },
  uniques: [{ name: DEVICES_PUSH_TOKEN_UNIQUE, properties: ['pushToken'] }],
});
