import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTGRES_LIB = '/usr/lib/postgresql';

/** A private PostgreSQL cluster on a free loopback port, in a temporary directory: stop and start it at will. */
export interface ScratchCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  readonly url: string;
  /** Stops the server: `fast` (clients disconnected, clean shutdown) or `immediate` (a crash; recovery at start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (immediately) and deletes its directory. */
  destroy(): Promise<void>;
}

/**
 * The `bin` directory of the newest PostgreSQL under /usr/lib/postgresql with `initdb`, `pg_ctl` and
 * `postgres`, or undefined when there is none. Never the machine's running server: only its programs.
 */
export const postgresBinaries = (): string | undefined => {
  if (!existsSync(POSTGRES_LIB)) return undefined;
  const versions = readdirSync(POSTGRES_LIB)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => join(POSTGRES_LIB, version, 'bin'))
    .find((bin) => ['initdb', 'pg_ctl', 'postgres'].every((program) => existsSync(join(bin, program))));
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * initdb and start a cluster of the programs in `bin`. PostgreSQL refuses to run as root, so as root
 * every program runs as the `postgres` OS user (`runuser`), which then owns the directory.
 */
export const startScratchCluster = async (bin: string): Promise<ScratchCluster> => {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'idv-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const port = await freePort();
  const program = async (name: string, args: readonly string[]): Promise<void> => {
    const command = asRoot
      ? (['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] as const)
      : ([join(bin, name), args] as const);
    try {
      await run(command[0], [...command[1]], { timeout: 120_000 });
    } catch (error) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
      throw new Error(
        `${name} ${args[0] ?? ''} failed: ${(error as Error).message}${serverLog === '' ? '' : `\nserver log:\n${serverLog}`}`,
        { cause: error },
      );
    }
  };
  const start = (): Promise<void> =>
    program('pg_ctl', [
      'start',
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`,
    ]);
  const stop = (mode: 'fast' | 'immediate'): Promise<void> => program('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']);
  try {
    if (asRoot) await run('chown', ['postgres:postgres', dir]);
    await program('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
