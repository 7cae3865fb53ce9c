import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServerChild, type ServerChild } from './children.js';
import { deployedNodeOptions } from './deployed-node-options.js';
import { providerEnv, type BenchIdentity } from './identity.js';

/** Where the service keeps its data in one run. */
export type Backend = { readonly kind: 'postgres'; readonly url: string } | { readonly kind: 'pglite'; readonly dataDir: string };

const SERVICE = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
const LIMIT = fileURLToPath(new URL('./references/limit-server.js', import.meta.url));
const PEER = fileURLToPath(new URL('./references/peer-server.js', import.meta.url));
const MIGRATE = fileURLToPath(new URL('../../apps/server/dist/migrate.js', import.meta.url));

/**
 * Applies the service's migrations to the database at `url` (`npm run db:migrate`), for a run in which
 * no service starts: the references create no tables of their own.
 */
export const migrateDatabase = (url: string): void => {
  execFileSync(process.execPath, [MIGRATE], { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'inherit'] });
};

/** `NODE_ENV=production node apps/server/dist/main.js` with the image's `NODE_OPTIONS` and every production secret, logging to `logFile`. */
export const startService = (options: {
  readonly name: string;
  readonly identity: BenchIdentity;
  readonly providerUrl: string;
  readonly backend: Backend;
  readonly logLevel: string;
  readonly logFile: string;
  /** Extra `node` arguments for the service alone (profiling: `BENCH_SERVICE_NODE_ARGS`). */
  readonly nodeArgs?: readonly string[];
  /** A program that runs `node` itself (`npm run bench:instructions`: callgrind). */
  readonly wrapper?: readonly string[];
  /** Another `node` binary (the variant of `BENCH_VARIANT_NODE`). */
  readonly node?: string;
  /** Another build's `apps/server/dist/main.js` (the variant of `BENCH_VARIANT_SCRIPT`). */
  readonly script?: string;
}): Promise<ServerChild> =>
  startServerChild({
    name: options.name,
    script: options.script ?? SERVICE,
    nodeArgs: options.nodeArgs ?? [],
    ...(options.wrapper === undefined ? {} : { wrapper: options.wrapper }),
    ...(options.node === undefined ? {} : { node: options.node }),
    env: {
      NODE_ENV: 'production',
      NODE_OPTIONS: deployedNodeOptions(),
      LOG_LEVEL: options.logLevel,
      // All load comes from one loopback address and the seeding invites each seeded user from
      // several organizations, so the budgets are lifted; the limiters still run on every request.
      PUBLIC_RATE_LIMIT_POINTS: '1000000',
      INVITATION_LIMIT_RECIPIENT_PER_DAY: '1000000',
      ...providerEnv(options.identity, options.providerUrl),
      ...(options.backend.kind === 'postgres' ? { DATABASE_URL: options.backend.url } : { DATA_DIR: options.backend.dataDir }),
    },
    logFile: options.logFile,
    readyPath: '/health/ready',
  });

/** Starts reference (a) `limit` or (b) `peer` on the service's PostgreSQL database. */
export const startReference = (options: {
  readonly kind: 'limit' | 'peer';
  readonly identity: BenchIdentity;
  readonly databaseUrl: string;
  readonly poolSize: number;
  readonly logFile: string;
  /** Extra `node` arguments for the references alone (profiling: `BENCH_REFERENCE_NODE_ARGS`). */
  readonly nodeArgs?: readonly string[];
  /** A program that runs `node` itself (`npm run bench:instructions`: callgrind). */
  readonly wrapper?: readonly string[];
}): Promise<ServerChild> =>
  startServerChild({
    name: options.kind === 'limit' ? '(a) limit' : '(b) peer',
    script: options.kind === 'limit' ? LIMIT : PEER,
    nodeArgs: options.nodeArgs ?? [],
    ...(options.wrapper === undefined ? {} : { wrapper: options.wrapper }),
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      POOL_SIZE: String(options.poolSize),
      IDP_JWT_KEY: options.identity.publicKeyPem,
      IDP_ISSUER: options.identity.issuer,
      IDP_WEBHOOK_SECRET: options.identity.webhookSecret,
    },
    logFile: options.logFile,
    readyPath: '/health',
  });
