import * as t from 'io-ts';
import { withJsonSchema } from '../shared/json-schema.js';
import type { UserId } from '../identity/identifiers.js';
import type { Locale } from './locale.js';

/** Brand of `InstallationId`. */
export interface InstallationIdBrand {
  readonly InstallationId: unique symbol;
}
const INSTALLATION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/** The app's id for one installation on one device (`:installationId`): 1–128 of `A-Z a-z 0-9 . _ : -`. */
export const InstallationId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, InstallationIdBrand> => INSTALLATION_ID.test(s), 'InstallationId'),
  { type: 'string', pattern: INSTALLATION_ID.source, description: "the app's id for one installation" },
);
/** One installation of the app. */
export type InstallationId = t.TypeOf<typeof InstallationId>;

/** Brand of `PushToken`. */
export interface PushTokenBrand {
  readonly PushToken: unique symbol;
}
const PUSH_TOKEN = /^[\x21-\x7e]{16,4096}$/;
/** A push service's address of one installation (Expo, FCM, APNs…): 16–4096 printable characters, no spaces. Personal data. */
export const PushToken = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, PushTokenBrand> => PUSH_TOKEN.test(s), 'PushToken'),
  { type: 'string', pattern: PUSH_TOKEN.source, description: 'personal data: never returned or logged whole' },
);
/** A push token: never logged or returned whole (see {@link maskPushToken}). */
export type PushToken = t.TypeOf<typeof PushToken>;

/** The platforms a device registers from (the one source of the list: entity and migration read `Platform.keys`). */
export const Platform = t.keyof({ ios: null, android: null, web: null }, 'Platform');
/** A device platform. */
export type Platform = t.TypeOf<typeof Platform>;

/** Brand of `AppVersion`. */
export interface AppVersionBrand {
  readonly AppVersion: unique symbol;
}
const APP_VERSION = /^[\x20-\x7e]{1,64}$/;
/** The app's version string as the app reports it: 1–64 printable characters. */
export const AppVersion = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, AppVersionBrand> => APP_VERSION.test(s) && s.trim() === s, 'AppVersion'),
  { type: 'string', pattern: APP_VERSION.source },
);
/** An app version. */
export type AppVersion = t.TypeOf<typeof AppVersion>;

/** One registered installation of a user, with where to push to it. */
export interface Device {
  readonly userId: UserId;
  readonly installationId: InstallationId;
  readonly pushToken: PushToken;
  readonly platform: Platform;
  readonly appVersion: AppVersion | null;
  /** The app language at registration (or the last registration that named one). */
  readonly locale: Locale;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a registration writes: a new device, or new values for an installation already registered. */
export interface DeviceRegistration {
  readonly userId: UserId;
  readonly installationId: InstallationId;
  readonly pushToken: PushToken;
  readonly platform: Platform;
  readonly appVersion: AppVersion | null;
  /** The language the request named; null keeps the stored one (or `fallbackLocale` for a new device). */
  readonly locale: Locale | null;
  readonly fallbackLocale: Locale;
  readonly at: Date;
}

/** A registration's outcome: the device as stored, and whether it was new. */
export interface RegisteredDevice {
  readonly device: Device;
  readonly created: boolean;
}

/** How a push token may be shown (logs, responses): its last four characters only. */
export const maskPushToken = (token: string): string => `…${token.slice(-4)}`;
