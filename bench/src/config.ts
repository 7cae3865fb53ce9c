/** Every knob of `npm run bench`, read once from `BENCH_*` variables (see docs/performance.md). */
export interface BenchConfig {
  /** Users seeded through the webhook before measuring (`BENCH_USERS`, default 100000). */
  readonly users: number;
  /** Seeded users who each create one organization through `POST /organizations` (`BENCH_ORG_OWNERS`, default 10000, capped at `users`). */
  readonly orgOwners: number;
  /** Length of one measured window in seconds (`BENCH_SECONDS`, default 10). */
  readonly seconds: number;
  /** Interleaved rounds of service / limit / peer (`BENCH_ROUNDS`, default 3). */
  readonly rounds: number;
  /** Concurrent keep-alive connections of the driver (`BENCH_CONNECTIONS`, default 4). */
  readonly connections: number;
  /**
   * `BENCH_DRIVER`: `auto` (default) drives with wrk when it is on PATH, else autocannon (the issue:
   * "autocannon, or wrk when present"); `wrk` or `autocannon` asks for one.
   */
  readonly driver: 'auto' | 'autocannon' | 'wrk';
  /** Deliveries in flight while seeding (`BENCH_SEED_CONCURRENCY`, default 16). */
  readonly seedConcurrency: number;
  /** Server on which the scratch database is created (`BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`). */
  readonly databaseUrl: string;
  /** The service's `LOG_LEVEL` (`BENCH_LOG_LEVEL`, default the production default `info`). */
  readonly logLevel: string;
  /** Which backends to measure (`BENCH_BACKENDS`, default `postgres,pglite`). */
  readonly backends: readonly ('postgres' | 'pglite')[];
  /** `BENCH_SCALE=1`: also measure `GET /users/me` at 10,000 and 1,000,000 users. */
  readonly scale: boolean;
  /** Pool size of the reference servers (`BENCH_POOL_SIZE`, default 10: MikroORM's knex default, min 2 max 10). */
  readonly poolSize: number;
  /** Distinct users (and tokens) in the reused-token pool (`BENCH_TOKEN_POOL`, default 64). */
  readonly tokenPool: number;
  /** Upper bound on requests prepared for one window (`BENCH_MAX_PREPARED`, default 100000). */
  readonly maxPrepared: number;
  /** Warm-up per server before the first round, in seconds (`BENCH_WARMUP_SECONDS`, default 2). */
  readonly warmupSeconds: number;
  /**
   * An uncounted window of this many seconds on the same server before each measured one
   * (`BENCH_SETTLE_SECONDS`, default 0: none), so that no server is measured resuming from idle.
   */
  readonly settleSeconds: number;
  /** Scenario keys to measure (`BENCH_SCENARIOS`, comma-separated; default all). */
  readonly scenarios: readonly string[] | undefined;
  /** Extra `node` arguments of the service only (`BENCH_SERVICE_NODE_ARGS`, space-separated, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
  readonly serviceNodeArgs: readonly string[];
  /** Extra `node` arguments of the two references (`BENCH_REFERENCE_NODE_ARGS`), to profile them the same way. */
  readonly referenceNodeArgs: readonly string[];
  /**
   * `BENCH_VARIANT_NODE_ARGS`: when set, reference (b) is a second copy of the service started with these
   * extra `node` arguments (e.g. an `--import` that changes one setting), so "vs (b)" reads as an A/B
   * ratio measured in the same interleaved rounds; undefined runs the peer.
   */
  readonly variantNodeArgs: readonly string[] | undefined;
  /**
   * `BENCH_VARIANT_NODE`: the path of another `node` binary; when set, reference (b) is a second copy of
   * the service run by it (with `BENCH_VARIANT_NODE_ARGS`, if any), so "vs (b)" compares two runtimes.
   */
  readonly variantNode: string | undefined;
  /**
   * `BENCH_VARIANT_SCRIPT`: the `apps/server/dist/main.js` of another build (a worktree of an earlier
   * commit, with its own `node_modules`); when set, reference (b) is that build of the service, so
   * "vs (b)" compares two versions of the code in the same rounds.
   */
  readonly variantScript: string | undefined;
  /** Keep the folder of the servers' logs instead of deleting it (`BENCH_KEEP_LOGS=1`); its path is printed on stderr. */
  readonly keepLogs: boolean;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}: expected a non-negative number, got ${JSON.stringify(raw)}`);
  return value;
};

const backends = (raw: string | undefined): BenchConfig['backends'] => {
  const names = (raw ?? 'postgres,pglite')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => name !== 'postgres' && name !== 'pglite');
  if (unknown.length > 0) throw new Error(`BENCH_BACKENDS: expected postgres and/or pglite, got ${unknown.join(', ')}`);
  return names as BenchConfig['backends'];
};

const driverChoice = (value: string | undefined): BenchConfig['driver'] => {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'wrk' || value === 'autocannon') return value;
  throw new Error(`BENCH_DRIVER: expected auto, wrk or autocannon, got ${value}`);
};

/** Reads the configuration; throws one readable line on a bad value. */
export const readConfig = (env: NodeJS.ProcessEnv): BenchConfig => ({
  users: Math.floor(positive(env, 'BENCH_USERS', 100_000)),
  orgOwners: Math.floor(positive(env, 'BENCH_ORG_OWNERS', 10_000)),
  seconds: positive(env, 'BENCH_SECONDS', 10),
  rounds: Math.max(1, Math.floor(positive(env, 'BENCH_ROUNDS', 3))),
  connections: Math.max(1, Math.floor(positive(env, 'BENCH_CONNECTIONS', 4))),
  driver: driverChoice(env['BENCH_DRIVER']),
  seedConcurrency: Math.max(1, Math.floor(positive(env, 'BENCH_SEED_CONCURRENCY', 16))),
  databaseUrl: env['BENCH_DATABASE_URL'] || env['TEST_DATABASE_URL'] || DEFAULT_DATABASE_URL,
  logLevel: env['BENCH_LOG_LEVEL'] || 'info',
  backends: backends(env['BENCH_BACKENDS']),
  scale: env['BENCH_SCALE'] === '1' || env['BENCH_SCALE'] === 'true',
  poolSize: Math.max(1, Math.floor(positive(env, 'BENCH_POOL_SIZE', 10))),
  tokenPool: Math.max(1, Math.floor(positive(env, 'BENCH_TOKEN_POOL', 64))),
  maxPrepared: Math.max(1000, Math.floor(positive(env, 'BENCH_MAX_PREPARED', 100_000))),
  warmupSeconds: positive(env, 'BENCH_WARMUP_SECONDS', 2),
  settleSeconds: positive(env, 'BENCH_SETTLE_SECONDS', 0),
  scenarios: env['BENCH_SCENARIOS']
    ?.split(',')
    .map((key) => key.trim())
    .filter((key) => key !== ''),
  serviceNodeArgs: (env['BENCH_SERVICE_NODE_ARGS'] ?? '').split(' ').filter((arg) => arg !== ''),
  referenceNodeArgs: (env['BENCH_REFERENCE_NODE_ARGS'] ?? '').split(' ').filter((arg) => arg !== ''),
  variantNodeArgs:
    env['BENCH_VARIANT_NODE_ARGS'] === undefined ? undefined : env['BENCH_VARIANT_NODE_ARGS'].split(' ').filter((arg) => arg !== ''),
  variantNode: env['BENCH_VARIANT_NODE'] || undefined,
  variantScript: env['BENCH_VARIANT_SCRIPT'] || undefined,
  keepLogs: env['BENCH_KEEP_LOGS'] === '1' || env['BENCH_KEEP_LOGS'] === 'true',
});

/** The exact command that reproduces this run: the `BENCH_*` variables that were set, then `npm run bench`. */
export const commandLine = (env: NodeJS.ProcessEnv): string => {
  const set = Object.keys(env)
    // An empty BENCH_VARIANT_NODE_ARGS still means something (an A/A run), so it is kept, quoted.
    .filter((name) => name.startsWith('BENCH_') && ((env[name] ?? '') !== '' || name === 'BENCH_VARIANT_NODE_ARGS'))
    .sort()
    .map((name) => `${name}=${name === 'BENCH_DATABASE_URL' ? redactUrl(env[name]!) : env[name] === '' ? "''" : env[name]!}`);
  return [...set, 'npm run bench'].join(' ');
};

const redactUrl = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
