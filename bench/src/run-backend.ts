import { join } from 'node:path';
import type { ServerChild } from './children.js';
import { compareAnswers } from './checks.js';
import type { BenchConfig } from './config.js';
import { createScratchDatabase, type ScratchDatabase } from './database.js';
import { seededIdpId } from './deliveries.js';
import type { Driver } from './drive.js';
import { peakRssMb, rssMb } from './process-stats.js';
import { formatNumber, ratioTable, say, summaryTable, windowHeader, windowLine } from './report.js';
import { runRounds } from './rounds.js';
import { runScale } from './scale.js';
import { scenarios } from './scenarios.js';
import { seedOrganizationOwners, seedUsers } from './seed.js';
import { startReference, startService, type Backend } from './servers.js';
import type { Workload } from './workload.js';

/** Issue 7: once organizations exist, this many seeded users own one. */
const ORGANIZATION_OWNERS = 10_000;

/** Peak RSS of each server over the whole run, MB. */
export type PeakRss = ReadonlyArray<readonly [string, number]>;

/** Seeds and measures one backend: the service, plus both references on PostgreSQL. */
export const runBackend = async (options: {
  readonly kind: 'postgres' | 'pglite';
  readonly config: BenchConfig;
  readonly workload: Workload;
  readonly driver: Driver;
  readonly providerUrl: string;
  readonly folder: string;
}): Promise<PeakRss> => {
  const { config, kind, workload } = options;
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded, the default)';
  say();
  say(`## ${label}`);
  let database: ScratchDatabase | undefined;
  const children: ServerChild[] = [];
  try {
    if (kind === 'postgres') database = await createScratchDatabase(config.databaseUrl);
    const backend: Backend = database === undefined ? { kind: 'pglite', dataDir: join(options.folder, 'pglite-data') } : { kind: 'postgres', url: database.url };
    const service = await startService({
      name: `service (${kind})`,
      identity: workload.identity,
      providerUrl: options.providerUrl,
      backend,
      logLevel: config.logLevel,
      logFile: join(options.folder, `service-${kind}.log`),
    });
    children.push(service);
    const seeded = await seedUsers({ url: service.url, deliveries: workload.deliveries, count: config.users, concurrency: config.seedConcurrency });
    say(
      `seeded through POST /webhooks/idp: ${formatNumber(seeded.users)} users in ${seeded.seconds.toFixed(1)} s ` +
        `(${formatNumber(seeded.users / seeded.seconds)}/s, ${config.seedConcurrency} in flight)` +
        (seeded.failed > 0 ? `; ${formatNumber(seeded.failed)} FAILED, first: ${seeded.firstFailure}` : ''),
    );
    if (seeded.users === 0 && config.users > 0) throw new Error(`seeding failed: ${seeded.firstFailure ?? 'no answer'}`);
    say(`service RSS after seeding: ${formatNumber(rssMb(service.pid))} MB (peak so far ${formatNumber(peakRssMb(service.pid))} MB)`);
    say(`organizations: ${(await seedOrganizationOwners({ url: service.url, owners: ORGANIZATION_OWNERS })).note}`);

    if (database !== undefined) {
      for (const reference of ['limit', 'peer'] as const) {
        children.push(
          await startReference({ kind: reference, identity: workload.identity, databaseUrl: database.url, poolSize: config.poolSize, logFile: join(options.folder, `${reference}.log`) }),
        );
      }
    }
    for (const line of await compareAnswers(children, workload, seededIdpId(0))) say(`check ${line}`);

    const poolIdpIds = Array.from({ length: Math.min(config.tokenPool, Math.max(1, config.users)) }, (_, index) =>
      seededIdpId(Math.floor((index * config.users) / Math.min(config.tokenPool, Math.max(1, config.users)))),
    );
    say();
    say(windowHeader());
    const { figures, unavailable } = await runRounds({
      servers: children,
      scenarios,
      workload,
      driver: options.driver,
      rounds: config.rounds,
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
      connections: config.connections,
      seeded: Math.max(1, config.users),
      poolIdpIds,
      maxPrepared: config.maxPrepared,
      supplyMargin: options.driver.inProcess ? 2 : 3,
      postgresDatabase: database?.name,
      onFigure: (figure) => say(windowLine(figure)),
    });
    say();
    const names = children.map((child) => child.name);
    for (const line of summaryTable({ title: `${label}: medians of ${config.rounds} round(s)`, figures, servers: names, scenarios, unavailable })) say(line);
    say();
    if (names.length > 1) {
      for (const line of ratioTable({ figures, service: service.name, references: names.slice(1), scenarios, unavailable })) say(line);
    } else {
      say('service ÷ reference: n/a (the references run on PostgreSQL only)');
    }
    if (config.scale && database !== undefined) {
      await runScale({
        serverUrl: config.databaseUrl,
        large: { database, service },
        workload,
        providerUrl: options.providerUrl,
        logLevel: config.logLevel,
        folder: options.folder,
        driver: options.driver,
        rounds: config.rounds,
        seconds: config.seconds,
        connections: config.connections,
        seedConcurrency: config.seedConcurrency,
        tokenPool: config.tokenPool,
        warmupSeconds: config.warmupSeconds,
      });
    }
    return children.map((child) => [child.name, peakRssMb(child.pid)] as const);
  } finally {
    for (const child of children) await child.stop();
    await database?.drop();
  }
};
