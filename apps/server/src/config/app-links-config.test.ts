import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { loadConfig } from './load-config.js';

const FINGERPRINT = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';

const appLinksOf = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return E.isRight(config) ? config.right.appLinks : undefined;
};
const problemsOf = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return E.isLeft(config) ? [...config.left].sort() : [];
};

test('unset: no app links (both association files answer 404)', (t) => {
  t.deepEqual(appLinksOf({}), { appleAppIds: [] });
});

test('APPLE_APP_IDS, ANDROID_APP_PACKAGE and ANDROID_CERT_SHA256 are decoded; fingerprints upper-cased, lists trimmed', (t) => {
  t.deepEqual(
    appLinksOf({
      APPLE_APP_IDS: 'ABCDE12345.com.studio.app, ABCDE12345.com.studio.app.beta',
      ANDROID_APP_PACKAGE: 'com.studio.app',
      ANDROID_CERT_SHA256: `${FINGERPRINT.toLowerCase()},${FINGERPRINT}`,
    }),
    {
      appleAppIds: ['ABCDE12345.com.studio.app', 'ABCDE12345.com.studio.app.beta'],
      android: { packageName: 'com.studio.app', sha256Fingerprints: [FINGERPRINT, FINGERPRINT] },
    },
  );
});

test('each bad app-link variable is one readable line', (t) => {
  t.deepEqual(problemsOf({ APPLE_APP_IDS: 'com.studio.app', ANDROID_APP_PACKAGE: 'studio', ANDROID_CERT_SHA256: 'AA:BB' }), [
    'ANDROID_APP_PACKAGE: expected an Android package name such as com.studio.app, got "studio"',
    'ANDROID_CERT_SHA256: expected comma-separated SHA-256 fingerprints (32 colon-separated hex bytes), got "AA:BB"',
    'APPLE_APP_IDS: expected comma-separated TEAMID.bundle.id app ids (10-character team id), got "com.studio.app"',
  ]);
});

test('Android needs both its variables: one without the other is a problem line', (t) => {
  t.deepEqual(problemsOf({ ANDROID_APP_PACKAGE: 'com.studio.app' }), [
    'ANDROID_CERT_SHA256: required once ANDROID_APP_PACKAGE is set, got undefined (missing)',
  ]);
  t.deepEqual(problemsOf({ ANDROID_CERT_SHA256: FINGERPRINT }), [
    'ANDROID_APP_PACKAGE: required once ANDROID_CERT_SHA256 is set, got undefined (missing)',
  ]);
});
