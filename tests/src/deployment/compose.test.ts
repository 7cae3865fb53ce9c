import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { parse } from 'yaml';
import { ROOT } from '../packaging/support/workspace-packages.js';
import { parseDockerfile } from './support/dockerfile.js';

// compose.yaml runs the image like production, with PostgreSQL and Redis. No
// engine here to run `docker compose config`, so its structure is checked with a YAML parser.
interface Service {
  readonly build?: { readonly context: string; readonly target?: string; readonly dockerfile?: string };
  readonly image?: string;
  readonly environment?: Readonly<Record<string, string>>;
  readonly depends_on?: Readonly<Record<string, { readonly condition: string }>>;
  readonly healthcheck?: { readonly test: readonly string[] };
  readonly volumes?: readonly string[];
  readonly ports?: readonly string[];
}
interface Compose {
  readonly services: Readonly<Record<string, Service>>;
  readonly volumes?: Readonly<Record<string, unknown>>;
}

const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as Compose;
const app = compose.services['app']!;
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The variables of the README's Configuration table (a row may name several). */
const documented = new Set(
  [...readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## HTTP API')).matchAll(/^\| (.+?) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
  ),
);

test('compose.yaml: the app built from the Dockerfile runtime stage, PostgreSQL and Redis', (t) => {
  t.deepEqual(Object.keys(compose.services).sort(), ['app', 'postgres', 'redis']);
  t.is(app.build?.context, '.');
  t.true(existsSync(join(ROOT, app.build?.dockerfile ?? 'Dockerfile')));
  t.true(parseDockerfile(join(ROOT, 'Dockerfile')).stages.some((stage) => stage.name === app.build?.target));
  t.regex(compose.services['postgres']!.image ?? '', /^postgres:\d+/);
  t.regex(compose.services['redis']!.image ?? '', /^redis:\d+/);
});

test('compose.yaml: the app waits for healthy dependencies, and each one has a healthcheck', (t) => {
  const dependencies = Object.entries(app.depends_on ?? {});
  t.deepEqual(dependencies.map(([name]) => name).sort(), ['postgres', 'redis']);
  for (const [name, { condition }] of dependencies) {
    t.is(condition, 'service_healthy', name);
    t.true((compose.services[name]!.healthcheck?.test.length ?? 0) > 0, `${name} has a healthcheck`);
  }
});

test('compose.yaml: the app runs in production on the PostgreSQL and Redis services, named volumes are declared', (t) => {
  const env = app.environment ?? {};
  t.is(env['NODE_ENV'], 'production');
  t.is(new URL(env['DATABASE_URL']!.replace(/\$\{[^}]*\}/g, 'x')).host, 'postgres:5432');
  t.is(new URL(env['REDIS_URL']!).host, 'redis:6379');
  const named = Object.values(compose.services)
    .flatMap((service) => (service.volumes ?? []).map((volume) => volume.split(':')[0]!))
    .filter((source) => !source.startsWith('.') && !source.startsWith('/'));
  t.deepEqual(
    named.filter((name) => !(name in (compose.volumes ?? {}))),
    [],
  );
});

test("compose.yaml: every variable it gives the app is in the README's Configuration table, and no secret is written in the file", (t) => {
  const env = app.environment ?? {};
  t.true(documented.has('DATABASE_URL') && documented.has('INVITE_SECRET'), 'the table was read');
  t.deepEqual(
    Object.keys(env).filter((name) => name !== 'NODE_ENV' && !documented.has(name)),
    [],
  );
  for (const secret of ['IDP_SECRET_KEY', 'IDP_WEBHOOK_SECRET', 'INVITE_SECRET', 'NATIONAL_ID_ENCRYPTION_KEY']) {
    t.is(env[secret], `\${${secret}:?set ${secret}}`, `${secret} comes from the environment, and compose refuses to start without it`);
  }
});
