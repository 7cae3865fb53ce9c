import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startNodeProcess } from '../e2e/environment/node-process.js';
import { manifestAt, ROOT } from '../packaging/support/workspace-packages.js';
import { startTestProvider } from '../support/test-provider.js';
import { copiesOf, dockerignorePatterns, envOf, execForm, isIgnored, parseDockerfile, type Stage } from './support/dockerfile.js';

// The container image. No container engine runs here (and base images cannot be pulled), so the
// Dockerfile is linted, and its runtime stage is carried out without one: the same COPYs from the
// build output into an empty folder, its `npm ci --omit=dev` (from npm's cache, offline), then its
// CMD in production mode and its HEALTHCHECK against that process. `.ci/run` builds the real image
// wherever `docker info` succeeds.
const run = promisify(execFile);
const dockerfile = parseDockerfile(join(ROOT, 'Dockerfile'));
const ignored = dockerignorePatterns(join(ROOT, '.dockerignore'));
const runtime = dockerfile.stages[dockerfile.stages.length - 1]!;
const keyword = (stage: Stage, name: string) => stage.instructions.filter((instruction) => instruction.keyword === name);

/** The workspace packages the server needs in production: its dependencies (never devDependencies), transitively. */
const productionWorkspaces = (): Map<string, string> => {
  const folders = new Map<string, string>();
  const byName = new Map(
    ['packages', 'apps'].flatMap((parent) =>
      readdirSync(join(ROOT, parent)).map((child) => [manifestAt(join(ROOT, parent, child)).name, `${parent}/${child}`] as const),
    ),
  );
  const pending = ['@idv/server'];
  while (pending.length > 0) {
    const name = pending.pop()!;
    const folder = byName.get(name);
    if (folder === undefined || folders.has(name)) continue;
    folders.set(name, folder);
    const manifest = manifestAt(join(ROOT, folder));
    pending.push(...Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));
  }
  return folders;
};

test('the Dockerfile has a build and a runtime stage; the runtime runs as a non-root user, with production dependencies only and a readiness healthcheck', (t) => {
  t.deepEqual(
    dockerfile.stages.map((stage) => stage.name),
    ['build', 'runtime'],
  );
  // Node 24, the active LTS: Node 20 reached its end of life in April 2026. The engines field still
  // admits Node 20, on which this suite runs here; it was also run on Node 24 (docs/performance.md).
  const imageMajor = Number(/^node:(\d+)[\w.-]*$/.exec(runtime.base)?.[1]);
  t.is(imageMajor, 24);
  const enginesMinimum = Number(/^>=(\d+)\./.exec(manifestAt(ROOT).engines?.['node'] ?? '')?.[1]);
  t.true(enginesMinimum <= imageMajor, "the engines field admits the image's Node");
  const users = keyword(runtime, 'USER').map((instruction) => instruction.args.trim());
  t.true(users.length > 0);
  t.false(['root', '0', '0:0'].includes(users[users.length - 1]!), 'the last USER is not root');
  const installs = keyword(runtime, 'RUN').filter((instruction) => /\bnpm ci\b/.test(instruction.args));
  t.is(installs.length, 1);
  t.regex(installs[0]!.args, /--omit=dev/);
  const [healthcheck] = keyword(runtime, 'HEALTHCHECK');
  t.truthy(healthcheck);
  t.regex(healthcheck!.args, /\/health\/ready/);
  t.deepEqual(execForm(keyword(runtime, 'CMD')[0]!.args), ['node', 'apps/server/dist/main.js']);
  t.is(envOf(runtime)['NODE_ENV'], 'production');
  // A bounded heap, old and young generations (the bench starts the service with the same NODE_OPTIONS).
  t.regex(envOf(runtime)['NODE_OPTIONS'] ?? '', /^--max-old-space-size=\d+ --max-semi-space-size=\d+$/);
});

test('every COPY from the build context exists and is not excluded by .dockerignore; every COPY --from names an earlier stage', (t) => {
  const problems: string[] = [];
  dockerfile.stages.forEach((stage, index) => {
    for (const copy of copiesOf(stage)) {
      if (copy.from !== undefined) {
        if (!dockerfile.stages.slice(0, index).some((earlier) => earlier.name === copy.from))
          problems.push(`${copy.from} is not an earlier stage`);
        continue;
      }
      for (const source of copy.sources) {
        if (!existsSync(join(ROOT, source))) problems.push(`${source} does not exist`);
        if (isIgnored(ignored, source)) problems.push(`${source} is excluded by .dockerignore`);
      }
    }
  });
  t.deepEqual(problems, []);
  t.true(
    isIgnored(ignored, 'node_modules') &&
      isIgnored(ignored, 'packages/core/dist/index.js') &&
      isIgnored(ignored, 'packages/core/node_modules/x'),
  );
  t.false(isIgnored(ignored, 'packages/core/src/index.ts'));
});

test("the runtime stage copies the build output of exactly the server's production workspaces, and every workspace manifest", (t) => {
  const fromBuild = copiesOf(runtime)
    .filter((copy) => copy.from === 'build')
    .flatMap((copy) => copy.sources.map((source) => relative('/app', source)));
  const workspaces = productionWorkspaces();
  t.false(workspaces.has('@idv/idp-emulator'), 'the emulator is a development dependency of the server');
  t.deepEqual(
    fromBuild.filter((source) => source.endsWith('/dist')).sort(),
    [...workspaces.values()].map((folder) => `${folder}/dist`).sort(),
  );
  // A published package's peers are its consumer's to install: here the server's (or another production workspace's) dependencies.
  const installed = new Set([...workspaces.values()].flatMap((folder) => Object.keys(manifestAt(join(ROOT, folder)).dependencies ?? {})));
  const unmet = [...workspaces.values()].flatMap((folder) => {
    const manifest = manifestAt(join(ROOT, folder));
    return Object.keys(manifest.peerDependencies ?? {})
      .filter((peer) => manifest.peerDependenciesMeta?.[peer]?.optional !== true && !installed.has(peer))
      .map((peer) => `${manifest.name} → ${peer}`);
  });
  t.deepEqual(unmet, [], 'every peer dependency is a production dependency of the server');
  const manifests = (manifestAt(ROOT) as unknown as { workspaces: string[] }).workspaces.map((folder) => `${folder}/package.json`);
  t.deepEqual(
    manifests.filter((manifest) => !fromBuild.includes(manifest)),
    [],
    'npm ci needs every workspace manifest the lockfile names',
  );
});

test('the runtime stage, carried out without an engine: npm ci --omit=dev installs no dev tool, the CMD serves in production and the HEALTHCHECK follows readiness', async (t) => {
  t.timeout(300_000);
  const app = mkdtempSync(join(tmpdir(), 'idv-image-'));
  t.teardown(() => rmSync(app, { recursive: true, force: true }));
  for (const copy of copiesOf(runtime)) {
    for (const source of copy.sources) {
      // A destination ending in "/" is a folder that receives each source by its name; otherwise it is the path itself.
      const to = copy.destination.endsWith('/') ? join(app, copy.destination, source.split('/').pop()!) : join(app, copy.destination);
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(ROOT, relative('/app', source)), to, { recursive: true });
    }
  }
  const install = keyword(runtime, 'RUN').find((instruction) => /\bnpm ci\b/.test(instruction.args))!;
  const command = install.args.split('&&')[0]!.trim();
  // Offline: from the npm cache that the repository's own `npm ci` filled; the registry is never asked.
  await run('sh', ['-c', command], { cwd: app, env: { ...process.env, npm_config_offline: 'true' }, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stderr?: string }) => {
      throw new Error(`the runtime stage's install failed (offline, from the npm cache):\n${error.stderr ?? ''}`);
    },
  );
  for (const devOnly of ['typescript', 'ava', 'typedoc', '@changesets/cli', 'svix', '@clerk/backend', 'autocannon']) {
    t.false(existsSync(join(app, 'node_modules', devOnly)), `${devOnly} is not installed`);
  }
  // npm links every workspace of the lockfile, but the emulator's code is not in the image: a production
  // start that imported it would fail below.
  t.false(existsSync(join(app, 'node_modules', '@idv', 'idp-emulator', 'dist')), "the emulator's build output is not in the image");
  t.true(
    existsSync(join(app, 'node_modules', 'koa')) && existsSync(join(app, 'node_modules', '@mikro-orm', 'core')),
    'the production tree is installed',
  );

  const provider = await startTestProvider();
  t.teardown(() => provider.close());
  const env = {
    PATH: process.env['PATH'] ?? '',
    ...envOf(runtime),
    PORT: '0',
    DATA_DIR: join(app, '.data'),
    IDP_API_URL: provider.url,
    IDP_SECRET_KEY: provider.secretKey,
    IDP_PUBLISHABLE_KEY: provider.publishableKey,
    IDP_WEBHOOK_SECRET: provider.webhookSecret,
    INVITE_SECRET: 'i'.repeat(40),
    NATIONAL_ID_ENCRYPTION_KEY: 'n'.repeat(40),
  };
  const [node, ...args] = execForm(keyword(runtime, 'CMD')[0]!.args);
  t.is(node, 'node');
  const server = await startNodeProcess({
    name: 'service (runtime stage)',
    args: args.map((arg) => join(app, arg)),
    env,
    ready: (line) => {
      if (!line.startsWith('{')) return undefined;
      const record = JSON.parse(line) as { msg?: string; url?: string };
      return record.msg === 'service listening' ? record.url : undefined;
    },
  });
  let stopped = false;
  t.teardown(async () => {
    if (!stopped) await server.process.stop();
  });
  const port = new URL(server.ready).port;
  t.is((await fetch(`${server.ready}/health/ready`)).status, 200);

  const [check, ...checkArgs] = execForm(keyword(runtime, 'HEALTHCHECK')[0]!.args);
  const healthcheck = () =>
    run(check!, checkArgs, { env: { ...env, PORT: port } }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
  t.is(await healthcheck(), 0, 'healthy while /health/ready answers 200');
  await server.process.stop();
  stopped = true;
  t.is(await healthcheck(), 1, 'unhealthy once nothing answers');
});
