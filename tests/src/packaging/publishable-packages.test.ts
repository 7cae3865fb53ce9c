import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import anyTest, { type TestFn } from 'ava';
import { installLikeAConsumer, manifestAt, packedFiles, PUBLISHABLE, ROOT, type PackageName } from './support/workspace-packages.js';

// The packages another team installs pack cleanly and work for a consumer.
const test = anyTest as TestFn<{ files: Map<PackageName, string[]> }>;
const run = promisify(execFile);
const NAMES = Object.keys(PUBLISHABLE) as PackageName[];
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** Workspace packages that are never published: a published one must not depend on them. */
const UNPUBLISHED = ['@idv/server', '@idv/idp-emulator', '@idv/tests', '@idv/bench'];

test.before(async (t) => {
  t.context = { files: await packedFiles(NAMES) };
});

const targetsOf = (value: string | Readonly<Record<string, string>>): string[] =>
  typeof value === 'string' ? [value] : Object.values(value);

for (const name of NAMES) {
  const folder = join(ROOT, PUBLISHABLE[name]);

  test(`${name}: the manifest is publishable (no "private", MIT, a semantic version, files, public access)`, (t) => {
    const manifest = manifestAt(folder);
    t.is(manifest.private, undefined);
    t.is(manifest.license, 'MIT');
    t.regex(manifest.version, SEMVER);
    t.true((manifest.files ?? []).length > 0);
    t.is(manifest.publishConfig?.access, 'public');
    const declared = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
    t.deepEqual(
      declared.filter((dependency) => UNPUBLISHED.includes(dependency)),
      [],
    );
  });

  test(`${name}: the pack holds a README, the repository's licence, and no tests, test support or build state`, (t) => {
    const files = t.context.files.get(name) ?? [];
    t.true(files.includes('README.md'));
    t.true(files.includes('LICENSE'));
    t.is(readFileSync(join(folder, 'LICENSE'), 'utf8'), readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    t.deepEqual(
      files.filter((path) => /\.test\.|(^|\/)test-support\/|\.tsbuildinfo$/.test(path)),
      [],
    );
    t.true(
      files.some((path) => path.startsWith('dist/') && path.endsWith('.js')),
      'the build output is shipped',
    );
  });

  test(`${name}: every entry point (exports, types) is in the pack`, (t) => {
    const manifest = manifestAt(folder);
    const files = new Set(t.context.files.get(name));
    const targets = [manifest.types ?? '', ...Object.values(manifest.exports ?? {}).flatMap(targetsOf)].filter((target) => target !== '');
    t.true(targets.length > 1);
    t.deepEqual(
      targets.filter((target) => !files.has(normalize(target))),
      [],
    );
  });

  test(`${name}: every source map and declaration map points only at files in the pack`, (t) => {
    const files = new Set(t.context.files.get(name));
    const maps = [...files].filter((path) => path.endsWith('.map'));
    t.true(maps.length > 0);
    const dangling = maps.flatMap((map) => {
      const { sources, sourceRoot = '' } = JSON.parse(readFileSync(join(folder, map), 'utf8')) as {
        sources: string[];
        sourceRoot?: string;
      };
      return sources
        .map((source) => normalize(join(dirname(map), sourceRoot, source)))
        .filter((source) => !files.has(source))
        .map((source) => `${map} → ${source}`);
    });
    t.deepEqual(dangling, []);
  });

  test(`${name}: every relative import of a shipped declaration file is shipped too`, (t) => {
    const files = new Set(t.context.files.get(name));
    const missing = [...files]
      .filter((path) => path.endsWith('.d.ts'))
      .flatMap((path) =>
        [...readFileSync(join(folder, path), 'utf8').matchAll(/from '(\.[^']+)\.js'/g)]
          .map((match) => normalize(join(dirname(path), `${match[1]!}.d.ts`)))
          .filter((target) => !files.has(target) && !files.has(target.replace(/\.d\.ts$/, '/index.d.ts')))
          .map((target) => `${path} → ${target}`),
      );
    t.deepEqual(missing, []);
  });

  test(`${name}: its dependencies and peer dependencies are exactly what its shipped code imports`, (t) => {
    const manifest = manifestAt(folder);
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) return entry === 'test-support' ? [] : sources(path);
        return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
      });
    const imported = new Set(
      sources(join(folder, 'src')).flatMap((file) =>
        // Imports, dynamic imports, and files resolved in a package (`import.meta.resolve`, e.g. a font).
        [
          ...readFileSync(file, 'utf8').matchAll(
            /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^'.][^']*)'|import\(\s*'([^'.][^']*)'\s*\)|import\.meta\.resolve\(\s*['`]([^'`.][^'`$]*)/g,
          ),
        ]
          .map((match) => match[1] ?? match[2] ?? match[3]!)
          .filter((specifier) => !specifier.startsWith('node:'))
          .map((specifier) =>
            specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/'),
          )
          .filter((pkg) => pkg !== name),
      ),
    );
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
    t.deepEqual([...imported].filter((pkg) => !declared.has(pkg)).sort(), [], 'imported but not declared');
    t.deepEqual([...declared].filter((pkg) => !imported.has(pkg) && !pkg.startsWith('@types/')).sort(), [], 'declared but never imported');
  });
}

test('a consumer that installs only what npm pack ships can import every entry point, and sees the same exports as the workspace', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'idv-consumer-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  await installLikeAConsumer(dir, NAMES);
  const specifiers = NAMES.flatMap((name) =>
    Object.keys(manifestAt(join(ROOT, PUBLISHABLE[name])).exports ?? {})
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`)),
  );
  t.true(specifiers.includes('@idv/core/testing') && specifiers.includes('@idv/client/web'));
  const script = `const out = {};\nfor (const specifier of ${JSON.stringify(specifiers)}) out[specifier] = Object.keys(await import(specifier)).sort();\nprocess.stdout.write(JSON.stringify(out));\n`;
  writeFileSync(join(dir, 'consumer.mjs'), script);
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: dir });
  const seen = JSON.parse(stdout) as Record<string, string[]>;
  for (const specifier of specifiers) {
    const workspace = Object.keys(await import(specifier)).sort();
    t.true(workspace.length > 0, specifier);
    t.deepEqual(seen[specifier], workspace, specifier);
  }
});

test('changesets: published packages are versioned publicly, and each has a changelog or a pending changeset that is not a major bump while 0.x', (t) => {
  const config = JSON.parse(readFileSync(join(ROOT, '.changeset', 'config.json'), 'utf8')) as { access: string; baseBranch: string };
  t.like(config, { access: 'public', baseBranch: 'main' });
  const pending = new Map<string, string>();
  for (const file of readdirSync(join(ROOT, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(ROOT, '.changeset', file), 'utf8'))?.[1] ?? '';
    for (const match of front.matchAll(/^"([^"]+)": (major|minor|patch)$/gm)) pending.set(match[1]!, match[2]!);
  }
  for (const name of NAMES) {
    const folder = join(ROOT, PUBLISHABLE[name]);
    t.true(pending.has(name) || existsSync(join(folder, 'CHANGELOG.md')), `${name}: a pending changeset or a CHANGELOG.md`);
    if (manifestAt(folder).version.startsWith('0.')) t.not(pending.get(name), 'major', `${name}: 0.x moves by minor`);
  }
});
