import { join } from 'node:path';
import type { ServerChild } from './children.js';
import { bulkInsertUsers, countUsers, createScratchDatabase, sampleIdpIds, type ScratchDatabase } from './database.js';
import type { Driver } from './drive.js';
import { measureWindow, type Figure } from './measure.js';
import { peakRssMb } from './process-stats.js';
import { formatNumber, median, say, windowHeader, windowLine } from './report.js';
import { meReusedTokens } from './scenarios.js';
import { seedUsers } from './seed.js';
import { startService } from './servers.js';
import type { Workload } from './workload.js';

const SMALL = 10_000;
const LARGE = 1_000_000;

/**
 * `GET /users/me` p99 at 10,000 and at 1,000,000 users, in interleaved rounds. The
 * small database is seeded through the API; the large one is the main run's database (seeded through
 * the API) grown with one bulk `insert … select … from generate_series`. Each size is served by a
 * service process started for this measurement, so the two differ only in the database: the main
 * run's process has run every window (its token cache full, its heap grown), which is its own
 * figure (peak RSS over the whole run), not the lookups'.
 *
 * Each measured window follows a settling window of the same length on the same service, not
 * counted. A window straight after the other service's read about twice the p99: a process idle
 * for 8 s has V8's memory reducer collect and shrink its heap, so the one resuming grows its heap
 * back under load, and the one just idled collects beside it (docs/performance.md, "How to read a
 * run"). Counting every window, the size measured second in a round read the higher p99.
 */
export const runScale = async (options: {
  readonly serverUrl: string;
  readonly large: { readonly database: ScratchDatabase; readonly service: ServerChild };
  readonly workload: Workload;
  readonly providerUrl: string;
  readonly logLevel: string;
  readonly folder: string;
  readonly driver: Driver;
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
  readonly seedConcurrency: number;
  readonly tokenPool: number;
}): Promise<void> => {
  say();
  say(`## Scale (BENCH_SCALE=1): GET /users/me, reused tokens, on PostgreSQL at ${formatNumber(SMALL)} and ${formatNumber(LARGE)} users`);
  const small = await createScratchDatabase(options.serverUrl);
  let smallService: ServerChild | undefined;
  let largeService: ServerChild | undefined;
  const serviceOn = (size: number, database: ScratchDatabase): Promise<ServerChild> =>
    startService({
      name: `service @${formatNumber(size)}`,
      identity: options.workload.identity,
      providerUrl: options.providerUrl,
      backend: { kind: 'postgres', url: database.url },
      logLevel: options.logLevel,
      logFile: join(options.folder, `service-scale-${size}.log`),
    });
  try {
    smallService = await serviceOn(SMALL, small);
    const seeded = await seedUsers({
      url: smallService.url,
      deliveries: options.workload.deliveries,
      count: SMALL,
      concurrency: options.seedConcurrency,
    });
    const throughApi = await countUsers(options.large.database);
    const started = performance.now();
    const inserted = await bulkInsertUsers(options.large.database, LARGE);
    say(
      `${formatNumber(SMALL)} users: ${formatNumber(seeded.users)} seeded through POST /webhooks/idp (${formatNumber(seeded.failed)} failed).`,
    );
    say(
      `${formatNumber(await countUsers(options.large.database))} users: the main run's ${formatNumber(throughApi)} (seeding and fresh-user windows, all through the API) ` +
        `+ ${formatNumber(inserted)} bulk-inserted by SQL in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(insert … select … from generate_series, same columns as a user.created delivery writes; then ANALYZE).`,
    );
    largeService = await serviceOn(LARGE, options.large.database);
    const targets = [
      { size: SMALL, service: smallService, database: small.name, pool: await sampleIdpIds(small, options.tokenPool) },
      {
        size: LARGE,
        service: largeService,
        database: options.large.database.name,
        pool: await sampleIdpIds(options.large.database, options.tokenPool),
      },
    ];
    const measure = async (target: (typeof targets)[number], round: number, seconds: number): Promise<Figure | undefined> => {
      const plan = await meReusedTokens.prepare({
        workload: options.workload,
        poolIdpIds: target.pool,
        organizationPool: [],
        seeded: 0,
        supply: 0,
      });
      if (plan === undefined) return undefined;
      const figure = await measureWindow({
        child: target.service,
        plan,
        driver: options.driver,
        seconds,
        connections: options.connections,
        round,
        scenario: meReusedTokens.key,
        postgresDatabase: target.database,
      });
      return { ...figure, server: `service @${formatNumber(target.size)}` };
    };
    // A window straight after the other service's is not counted: it settles this one (see above). In
    // the first round it also warms the pages the bulk insert left cold.
    const measureSettled = async (target: (typeof targets)[number], round: number): Promise<Figure | undefined> => {
      await measure(target, round, options.seconds);
      return measure(target, round, options.seconds);
    };
    say(
      `each window below follows an uncounted ${options.seconds} s window on the same service, so that neither has just resumed from idle`,
    );
    say(windowHeader());
    const figures = new Map<number, Figure[]>(targets.map((target) => [target.size, []]));
    for (let round = 1; round <= options.rounds; round += 1) {
      const order = round % 2 === 1 ? targets : [...targets].reverse();
      for (const target of order) {
        const figure = await measureSettled(target, round);
        if (figure === undefined) continue;
        figures.get(target.size)!.push(figure);
        say(windowLine(figure));
      }
    }
    const p99 = (size: number): number => median(figures.get(size)!.map((figure) => figure.p99Ms));
    const ratios = figures
      .get(LARGE)!
      .map((figure) => figure.p99Ms / (figures.get(SMALL)!.find((other) => other.round === figure.round)?.p99Ms ?? Number.NaN));
    say(
      `p99 at ${formatNumber(SMALL)} users: ${formatNumber(p99(SMALL), 2)} ms; at ${formatNumber(LARGE)} users: ${formatNumber(p99(LARGE), 2)} ms; ` +
        `ratio ${formatNumber(median(ratios), 2)}× (median of per-round ratios; target within 1.20×)`,
    );
    say(
      `peak RSS: the scale services ${formatNumber(peakRssMb(smallService.pid))} MB @${formatNumber(SMALL)}, ${formatNumber(peakRssMb(largeService.pid))} MB @${formatNumber(LARGE)}; ` +
        `the main run's service, which ran every window: ${formatNumber(peakRssMb(options.large.service.pid))} MB`,
    );
  } finally {
    await largeService?.stop();
    await smallService?.stop();
    await small.drop();
  }
};
