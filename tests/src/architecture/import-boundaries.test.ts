import test from 'ava';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// ARCHITECTURE §1: who may import whom. Checked on the TypeScript sources of every package.
const ROOT = join(import.meta.dirname, '..', '..', '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });

const importsOf = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2]!);

const packageOf = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

interface Rule {
  readonly folder: string;
  readonly allowed: (pkg: string, file: string) => boolean;
}

const isRelative = (specifier: string) => specifier.startsWith('.');
const isBuiltin = (pkg: string) => pkg.startsWith('node:');

const RULES: readonly Rule[] = [
  {
    folder: 'packages/core/src',
    allowed: (pkg, file) =>
      ['fp-ts', 'io-ts'].includes(pkg) || (file.includes('/testing/') && isBuiltin(pkg)) || (file.endsWith('.test.ts') && pkg === 'ava'),
  },
  { folder: 'packages/adapters-idp/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-crypto/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-payments/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-persistence/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-http/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-rate-limit/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-notifications/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-observability/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-documents/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-bot-check/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/adapters-jobs/src', allowed: (pkg) => !pkg.startsWith('@idv/') || pkg === '@idv/core' },
  { folder: 'packages/idp-emulator/src', allowed: (pkg) => !pkg.startsWith('@idv/') },
  // The other side of the providers' wire, built independently of adapters-payments and core.
  { folder: 'packages/payments-emulator/src', allowed: (pkg) => !pkg.startsWith('@idv/') },
  // The client runs in browsers, edge middleware and React Native: no package of ours, no runtime package at all.
  { folder: 'packages/client/src', allowed: (pkg, file) => file.endsWith('.test.ts') && (isBuiltin(pkg) || pkg === 'ava') },
  // The embedding example runs on the core and the provider adapter alone (no Koa, MikroORM or Inversify).
  {
    folder: 'examples/embedding-node-http/src',
    allowed: (pkg) => isBuiltin(pkg) || ['@idv/core', '@idv/adapters-idp', 'fp-ts', 'io-ts'].includes(pkg),
  },
];

const FRAMEWORKS = [
  'inversify',
  'reflect-metadata',
  'koa',
  '@koa/router',
  'koa-body',
  '@mikro-orm/core',
  'jose',
  'standardwebhooks',
  'pino',
];

for (const rule of RULES) {
  test(`${rule.folder} imports only what ARCHITECTURE §1 allows`, (t) => {
    const violations = sourceFiles(join(ROOT, rule.folder)).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => !isRelative(specifier))
        .filter((specifier) => !rule.allowed(packageOf(specifier), file))
        .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
    );
    t.deepEqual(violations, []);
  });
}

test('only apps/server uses inversify (the one composition root)', (t) => {
  const users = ['packages', 'examples', 'tests/src'].flatMap((folder) =>
    sourceFiles(join(ROOT, folder)).filter((file) => importsOf(file).some((s) => packageOf(s) === 'inversify')),
  );
  t.deepEqual(
    users.map((file) => relative(ROOT, file)),
    [],
  );
});

test('every adapter package has a boundary rule', (t) => {
  const adapters = readdirSync(join(ROOT, 'packages')).filter((name) => name.startsWith('adapters-'));
  t.deepEqual(
    adapters.filter((name) => !RULES.some((rule) => rule.folder === `packages/${name}/src`)),
    [],
  );
});

test('packages/client declares no dependencies at all', (t) => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/client/package.json'), 'utf8')) as Record<string, unknown>;
  t.deepEqual(
    ['dependencies', 'peerDependencies', 'optionalDependencies'].filter((field) => field in manifest),
    [],
  );
});

test('no package imports @idv/client (apps use it; adapters build their own documents)', (t) => {
  const users = sourceFiles(join(ROOT, 'packages')).filter(
    (file) => !file.includes('/packages/client/') && importsOf(file).some((s) => packageOf(s) === '@idv/client'),
  );
  t.deepEqual(
    users.map((file) => relative(ROOT, file)),
    [],
  );
});

test('the boundary check itself catches a framework import in core', (t) => {
  const coreRule = RULES[0]!;
  t.deepEqual(
    FRAMEWORKS.filter((pkg) => coreRule.allowed(pkg, 'packages/core/src/x.ts')),
    [],
  );
});
