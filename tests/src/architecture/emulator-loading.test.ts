import test from 'ava';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// ARCHITECTURE §1: the emulators are development tools; apps/server loads them only with
// a dynamic import in development mode, so a production start never loads (or needs) them.
const ROOT = join(import.meta.dirname, '..', '..', '..');
const SERVER = join(ROOT, 'apps/server');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });

const EMULATOR = /@idv\/[a-z-]*emulator/;

test('apps/server imports the emulators only as types or with a dynamic import()', (t) => {
  const staticValueImports = sourceFiles(join(SERVER, 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(import|export)(\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]/g)]
      .filter((match) => EMULATOR.test(match[3]!) && match[2] === undefined)
      .map((match) => `${relative(ROOT, file)} imports ${match[3]} at load time`),
  );
  t.deepEqual(staticValueImports, []);
});

test('the emulators are development dependencies of apps/server, not shipped with it', (t) => {
  const manifest = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  t.deepEqual(
    Object.keys(manifest.dependencies ?? {}).filter((name) => EMULATOR.test(name)),
    [],
  );
  t.true(Object.keys(manifest.devDependencies ?? {}).some((name) => EMULATOR.test(name)));
});
