import { randomInt } from 'node:crypto';

/** How big a convergence soak is. */
export interface SoakProfile {
  readonly name: 'short' | 'full';
  /** The fewest deliveries (attempts the service receives, duplicates and retries included) a run must send. */
  readonly deliveries: number;
  /** Provider users created; each then changes its primary email 1–`maxEmailChanges` times. */
  readonly users: number;
  readonly maxEmailChanges: number;
  /** Share of users deleted at the provider after their changes (mid-run, while API traffic runs). */
  readonly deleteRatio: number;
  /** Concurrent admin-API clients driving the provider. */
  readonly workers: number;
  /** Concurrent `GET /users/me` clients, and requests per provider operation (spread over the run). */
  readonly apiClients: number;
  readonly apiRequestsPerOperation: number;
  /** A new seeded delivery mode (duplicates, delay + reorder, concurrency) every this many operations. */
  readonly operationsPerMode: number;
  /** The most delivery attempts the emulator puts in flight at once. */
  readonly maxDeliveryConcurrency: number;
  /**
   * With a database outage: it begins at 40 % of the operations and lasts this many more, short
   * enough that the provider's retries (99 s in all at the tests' time scale) outlast it.
   */
  readonly outageOperations: number;
  readonly seed: number;
  /** ava's limit for one scenario. */
  readonly timeoutMs: number;
}

const PROFILES = {
  // The README's test command: over 1,000 deliveries per scenario, all from one address.
  short: {
    deliveries: 1_000,
    users: 240,
    maxEmailChanges: 4,
    deleteRatio: 0.25,
    workers: 6,
    apiClients: 3,
    apiRequestsPerOperation: 1,
    operationsPerMode: 50,
    maxDeliveryConcurrency: 8,
    outageOperations: 150,
    timeoutMs: 300_000,
  },
  // `npm run soak`: over 10,000 deliveries per scenario; the figures in the README.
  full: {
    deliveries: 10_000,
    users: 2100,
    maxEmailChanges: 5,
    deleteRatio: 0.25,
    workers: 8,
    apiClients: 4,
    apiRequestsPerOperation: 1,
    operationsPerMode: 200,
    maxDeliveryConcurrency: 16,
    outageOperations: 400,
    timeoutMs: 1_200_000,
  },
} as const;

/** The profile named by `SOAK_PROFILE` (`short`, the default, or `full`), seeded by `SOAK_SEED` (else random, and printed). */
export const soakProfile = (env: Readonly<Record<string, string | undefined>> = process.env): SoakProfile => {
  const name = env['SOAK_PROFILE']?.trim() || 'short';
  if (name !== 'short' && name !== 'full') throw new Error(`SOAK_PROFILE must be short or full, not "${name}"`);
  const rawSeed = env['SOAK_SEED']?.trim();
  const seed = rawSeed === undefined || rawSeed === '' ? randomInt(2 ** 31) : Number(rawSeed);
  if (!Number.isSafeInteger(seed)) throw new Error(`SOAK_SEED must be an integer, not "${rawSeed}"`);
  return { name, seed, ...PROFILES[name] };
};
