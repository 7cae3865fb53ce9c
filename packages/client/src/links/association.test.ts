import test from 'ava';
import { appleAppSiteAssociation } from './apple-app-site-association.js';
import { assetLinks } from './asset-links.js';
import { expoLinkingConfig } from './expo-linking-config.js';
import { wellKnownResponse } from './well-known-response.js';

const FINGERPRINT = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';

test('the AASA document: components for /sign-up* per app id', (t) => {
  t.deepEqual(appleAppSiteAssociation({ appIds: ['ABCDE12345.com.studio.app', 'ABCDE12345.com.studio.app.beta'] }), {
    applinks: {
      details: [{ appIDs: ['ABCDE12345.com.studio.app', 'ABCDE12345.com.studio.app.beta'], components: [{ '/': '/sign-up*' }] }],
    },
  });
});

test('the AASA document can require the ticket query', (t) => {
  t.deepEqual(
    appleAppSiteAssociation({ appIds: ['ABCDE12345.com.studio.app'], paths: ['/sign-up'], requireQuery: { __idp_ticket: '?*' } }).applinks
      .details[0]?.components,
    [{ '/': '/sign-up', '?': { __idp_ticket: '?*' } }],
  );
});

test('a bad app id is refused when the document is built', (t) => {
  for (const appIds of [['com.studio.app'], ['abcde12345.com.studio.app'], ['ABCDE1234.com.x'], []]) {
    t.throws(() => appleAppSiteAssociation({ appIds }), { instanceOf: TypeError }, JSON.stringify(appIds));
  }
});

test('assetlinks: one handle_all_urls statement for the package, fingerprints upper-cased', (t) => {
  t.deepEqual(assetLinks({ packageName: 'com.studio.app', sha256Fingerprints: [FINGERPRINT.toLowerCase()] }), [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: 'com.studio.app', sha256_cert_fingerprints: [FINGERPRINT] },
    },
  ]);
});

test('a 31-byte or non-hex fingerprint, or a bad package, is refused', (t) => {
  for (const fingerprint of [FINGERPRINT.slice(3), FINGERPRINT.replace('14', 'ZZ'), FINGERPRINT.replaceAll(':', '')]) {
    t.throws(() => assetLinks({ packageName: 'com.studio.app', sha256Fingerprints: [fingerprint] }), { instanceOf: TypeError });
  }
  t.throws(() => assetLinks({ packageName: 'com.studio.app', sha256Fingerprints: [] }), { instanceOf: TypeError });
  t.throws(() => assetLinks({ packageName: 'app', sha256Fingerprints: [FINGERPRINT] }), { instanceOf: TypeError });
});

test('the well-known answer: 200, application/json, no location, the body parses back', (t) => {
  const document = assetLinks({ packageName: 'com.studio.app', sha256Fingerprints: [FINGERPRINT] });
  const response = wellKnownResponse(document);
  t.is(response.status, 200);
  t.is(response.headers['content-type'], 'application/json');
  t.false('location' in response.headers);
  t.deepEqual(JSON.parse(response.body), document);
});

test('the Expo config: the associated domain and one verified /sign-up intent filter', (t) => {
  t.deepEqual(expoLinkingConfig({ host: 'app.test' }), {
    ios: { associatedDomains: ['applinks:app.test'] },
    android: {
      intentFilters: [
        {
          action: 'VIEW',
          autoVerify: true,
          data: [{ scheme: 'https', host: 'app.test', pathPrefix: '/sign-up' }],
          category: ['BROWSABLE', 'DEFAULT'],
        },
      ],
    },
  });
  for (const host of ['https://app.test', 'app.test/sign-up', 'app.test:443', '', 'a..b'])
    t.throws(() => expoLinkingConfig({ host }), { instanceOf: TypeError }, host);
});

// Apple's path rule: `*` any run of characters, `?` exactly one, the whole path must match.
const aasaMatches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(path);

test('iOS and Android catch the same sample paths', (t) => {
  const pattern = appleAppSiteAssociation({ appIds: ['ABCDE12345.com.studio.app'] }).applinks.details[0]!.components[0]!['/'];
  const prefix = expoLinkingConfig({ host: 'app.test' }).android.intentFilters[0]!.data[0]!.pathPrefix;
  for (const [path, caught] of [
    ['/sign-up', true],
    ['/sign-up/x', true],
    ['/sign-upgrade', true],
    ['/signup', false],
    ['/en/sign-up', false],
  ] as const) {
    t.is(aasaMatches(pattern, path), caught, `iOS ${path}`);
    t.is(path.startsWith(prefix), caught, `Android ${path}`);
  }
});
