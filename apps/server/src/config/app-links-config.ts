import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AppLinks } from '@idv/adapters-http';

const list = (s: string): string[] =>
  s
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

const refineList = (
  name: string,
  message: string,
  valid: (item: string) => boolean,
  normalize: (item: string) => string = (item) => item,
) =>
  new t.Type<string[], string, unknown>(
    name,
    (u): u is string[] => Array.isArray(u),
    (input, context) =>
      pipe(
        t.string.validate(input, context),
        E.chain((s) => {
          const items = list(s).map(normalize);
          return items.length > 0 && items.every(valid) ? t.success(items) : t.failure(input, context, message);
        }),
      ),
    (items) => items.join(','),
  );

/** `APPLE_APP_IDS`: comma-separated `TEAMID.bundle.id` (a 10-character team id). */
export const AppleAppIdList = refineList(
  'AppleAppIdList',
  'expected comma-separated TEAMID.bundle.id app ids (10-character team id)',
  (id) => /^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/.test(id),
);

/** `ANDROID_CERT_SHA256`: comma-separated SHA-256 fingerprints, 32 colon-separated hex bytes (upper-cased). */
export const Sha256FingerprintList = refineList(
  'Sha256FingerprintList',
  'expected comma-separated SHA-256 fingerprints (32 colon-separated hex bytes)',
  (fingerprint) => /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/.test(fingerprint),
  (fingerprint) => fingerprint.toUpperCase(),
);

/** `ANDROID_APP_PACKAGE`: an Android application id such as `com.studio.app`. */
export const AndroidPackage = new t.Type<string, string, unknown>(
  'AndroidPackage',
  (u): u is string => typeof u === 'string',
  (input, context) =>
    pipe(
      t.string.validate(input, context),
      E.chain((s) =>
        /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/.test(s.trim())
          ? t.success(s.trim())
          : t.failure(input, context, 'expected an Android package name such as com.studio.app'),
      ),
    ),
  String,
);

/** The decoded app-link variables (all optional). */
export interface AppLinkEnv {
  readonly APPLE_APP_IDS?: string[];
  readonly ANDROID_APP_PACKAGE?: string;
  readonly ANDROID_CERT_SHA256?: string[];
}

/**
 * The app-link configuration behind `/.well-known/*` (ARCHITECTURE §6). Android needs both its
 * variables: one without the other is a problem line, not a silently missing file.
 */
export const appLinksConfig = (env: AppLinkEnv): { readonly problems: readonly string[]; readonly appLinks: AppLinks } => {
  const packageName = env.ANDROID_APP_PACKAGE;
  const fingerprints = env.ANDROID_CERT_SHA256;
  const problems: string[] = [];
  if (packageName !== undefined && fingerprints === undefined)
    problems.push('ANDROID_CERT_SHA256: required once ANDROID_APP_PACKAGE is set, got undefined (missing)');
  if (fingerprints !== undefined && packageName === undefined)
    problems.push('ANDROID_APP_PACKAGE: required once ANDROID_CERT_SHA256 is set, got undefined (missing)');
  const android =
    packageName !== undefined && fingerprints !== undefined ? { android: { packageName, sha256Fingerprints: fingerprints } } : {};
  return { problems, appLinks: { appleAppIds: env.APPLE_APP_IDS ?? [], ...android } };
};
