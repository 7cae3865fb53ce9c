import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as root from './index.js';
import * as web from './web/index.js';
import * as api from './api/index.js';
import * as mobile from './mobile/index.js';
import * as links from './links/index.js';
import * as purchase from './purchase/index.js';

const PROPOSED = [
  'createRouteGuard',
  'isDocumentRequest',
  'signInRedirect',
  'readWebConfig',
  'createApiClient',
  'SignedOutError',
  'createServerFetch',
  'authResetPath',
  'createSecureTokenCache',
  'parseInvitationLink',
  'createTicketConsumer',
  'invitationRedirectUrl',
  'appleAppSiteAssociation',
  'assetLinks',
  'wellKnownResponse',
  'expoLinkingConfig',
  'createSignOutSequence',
  'startPurchase',
  'watchPurchase',
];

test('the package root exports every name of the proposed API (client-sdk.md §7)', (t) => {
  t.deepEqual(
    PROPOSED.filter((name) => !(name in root)),
    [],
  );
});

test('each subpath export is the very value the root exports, and every root export lives in a subpath', (t) => {
  const subpaths: Record<string, object> = { web, api, mobile, links, purchase };
  for (const [subpath, module] of Object.entries(subpaths)) {
    for (const [name, value] of Object.entries(module)) t.is(value, (root as Record<string, unknown>)[name], `${subpath}.${name}`);
  }
  const covered = new Set(Object.values(subpaths).flatMap((module) => Object.keys(module)));
  t.deepEqual(
    Object.keys(root).filter((name) => !covered.has(name)),
    [],
  );
});

test('package.json maps each subpath to its built entry', (t) => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    exports: Record<string, { default: string } | string>;
    dependencies?: unknown;
  };
  const { './package.json': self, ...entries } = manifest.exports;
  t.is(self, './package.json', 'tools read the manifest through its own export');
  t.deepEqual(Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, typeof value === 'string' ? value : value.default])), {
    '.': './dist/index.js',
    './web': './dist/web/index.js',
    './api': './dist/api/index.js',
    './mobile': './dist/mobile/index.js',
    './links': './dist/links/index.js',
    './purchase': './dist/purchase/index.js',
  });
  t.is(manifest.dependencies, undefined);
});
