import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { PUBLISHABLE, ROOT } from './support/workspace-packages.js';

// The API reference of every published package is built from its TSDoc by
// `npm run docs:api` (TypeDoc), and any warning — an undocumented export or member, a broken link,
// a referenced type that is not exported — fails the build, so it fails this test.
const run = promisify(execFile);

interface TypedocConfig {
  readonly entryPoints: readonly string[];
  readonly out: string;
  readonly treatWarningsAsErrors: boolean;
  readonly packageOptions: { readonly validation: Readonly<Record<string, boolean>>; readonly disableSources?: boolean };
}

test('the TypeDoc configuration documents every published package and treats every warning as an error', (t) => {
  const config = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as TypedocConfig;
  t.deepEqual([...config.entryPoints].sort(), Object.values(PUBLISHABLE).sort());
  t.true(config.treatWarningsAsErrors);
  // In "packages" mode the validation runs per package, so it must be set in packageOptions.
  t.like(config.packageOptions.validation, { notExported: true, invalidLink: true, notDocumented: true });
  // Source links need a git remote, which a fresh clone or a fork may not have: the build must not depend on one.
  t.true(config.packageOptions.disableSources);
  t.true(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n').includes(`${config.out}/`), 'the output folder is git-ignored');
});

test('npm run docs:api builds the reference with no warning, one module per package entry point', async (t) => {
  // A deadline for a build that takes tens of seconds of CPU on a shared machine, not a measurement.
  t.timeout(300_000);
  const out = mkdtempSync(join(tmpdir(), 'idv-api-docs-'));
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const result = await run('npm', ['run', '--silent', 'docs:api', '--', '--out', out], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`docs:api failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    },
  );
  t.false(/\[warning\]|\[error\]/.test(`${result.stdout}${result.stderr}`), `${result.stdout}${result.stderr}`);
  for (const page of [
    '_idv_core.index.html',
    '_idv_core.testing.html',
    '_idv_adapters-persistence.html',
    '_idv_adapters-http.html',
    '_idv_client.web.html',
  ]) {
    t.true(existsSync(join(out, 'modules', page)), page);
  }
  t.regex(readFileSync(join(out, 'modules', '_idv_core.index.html'), 'utf8'), /handleIdpWebhook/);
});
