import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root (this file compiles to tests/dist/packaging/support/). */
export const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

/** The packages published to the registry, by workspace folder. */
export const PUBLISHABLE = {
  '@idv/core': 'packages/core',
  '@idv/adapters-idp': 'packages/adapters-idp',
  '@idv/adapters-crypto': 'packages/adapters-crypto',
  '@idv/adapters-payments': 'packages/adapters-payments',
  '@idv/adapters-persistence': 'packages/adapters-persistence',
  '@idv/adapters-http': 'packages/adapters-http',
  '@idv/adapters-rate-limit': 'packages/adapters-rate-limit',
  '@idv/adapters-notifications': 'packages/adapters-notifications',
  '@idv/adapters-documents': 'packages/adapters-documents',
  '@idv/adapters-bot-check': 'packages/adapters-bot-check',
  '@idv/adapters-jobs': 'packages/adapters-jobs',
  '@idv/client': 'packages/client',
} as const;

/** A publishable package's name. */
export type PackageName = keyof typeof PUBLISHABLE;

/** The fields of a package.json the checks read. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly license?: string;
  readonly types?: string;
  readonly files?: readonly string[];
  readonly exports?: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly engines?: Readonly<Record<string, string>>;
  readonly publishConfig?: { readonly access?: string };
}

/** Reads `<dir>/package.json`. */
export const manifestAt = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** What `npm pack --dry-run --json` says each package would ship: its paths, relative to the package. */
export const packedFiles = async (names: readonly PackageName[]): Promise<Map<PackageName, string[]>> => {
  const args = ['pack', '--dry-run', '--json', '--ignore-scripts', ...names.flatMap((name) => ['--workspace', name])];
  const { stdout } = await run('npm', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  const reports = JSON.parse(stdout) as Array<{ name: PackageName; files: Array<{ path: string }> }>;
  return new Map(reports.map((report) => [report.name, report.files.map((file) => file.path)]));
};

/** Where a third-party package is installed for the workspace (hoisted to the root). */
const installed = (name: string): string => join(ROOT, 'node_modules', name);

const requiredOf = (manifest: Manifest): string[] => [
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true),
];

/**
 * Installs `names` (ours or third-party) into `<dir>/node_modules` the way a consumer's `npm install`
 * would lay them out: each of our packages as exactly the files `npm pack` ships (copied), every
 * third-party package needed, transitively, linked from the workspace's install, and nothing else.
 * Returns every package name installed.
 */
export const installLikeAConsumer = async (dir: string, names: readonly string[]): Promise<string[]> => {
  const ours = new Set<PackageName>();
  const theirs = new Set<string>();
  const pending: Array<{ name: string; from: string }> = names.map((name) => ({ name, from: ROOT }));
  while (pending.length > 0) {
    const { name, from } = pending.pop()!;
    if (name in PUBLISHABLE) {
      if (ours.has(name as PackageName)) continue;
      ours.add(name as PackageName);
      const folder = join(ROOT, PUBLISHABLE[name as PackageName]);
      pending.push(...requiredOf(manifestAt(folder)).map((dependency) => ({ name: dependency, from: folder })));
      continue;
    }
    // A dependency nested in its dependent's own node_modules comes along with the dependent's folder.
    if (existsSync(join(from, 'node_modules', name)) && from !== ROOT) continue;
    if (theirs.has(name)) continue;
    if (!existsSync(installed(name)))
      throw new Error(`${name} (needed by a package installed in ${from}) is not installed in the workspace`);
    theirs.add(name);
    pending.push(...requiredOf(manifestAt(installed(name))).map((dependency) => ({ name: dependency, from: installed(name) })));
  }
  const files = await packedFiles([...ours]);
  for (const name of ours) {
    for (const path of files.get(name) ?? []) {
      const target = join(dir, 'node_modules', name, path);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(ROOT, PUBLISHABLE[name], path), target);
    }
  }
  for (const name of theirs) {
    const target = join(dir, 'node_modules', name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(installed(name), target, 'dir');
  }
  return [...ours, ...theirs].sort();
};
