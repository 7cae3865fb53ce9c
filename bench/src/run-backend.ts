import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerChild } from './children.js';
import { compareAnswers, type Probe } from './checks.js';
import type { BenchConfig } from './config.js';
import { createScratchDatabase, type ScratchDatabase } from './database.js';
import { seededIdpId } from './deliveries.js';
import type { Driver } from './drive.js';
import { peakRssMb, rssMb } from './process-stats.js';
import { formatNumber, ratioTable, say, summaryTable, windowHeader, windowLine } from './report.js';
import { runRounds } from './rounds.js';
import { runScale } from './scale.js';
import { scenarios as allScenarios } from './scenarios.js';
import { EVENT_DELIVERY_SCENARIO } from './event-delivery/event-delivery-report.js';
import { seedOrganizationOwners, seedUsers, spreadIndexes, type SeededOrganization } from './seed.js';
import { startReference, startService, type Backend } from './servers.js';
import type { Workload } from './workload.js';

/** How many seeded users the owner of every other organization in the route's pool invites (see `seedOrganizationOwners`). */
const EXTRA_MEMBERS = 10;

/**
 * The questions every server must answer alike: `GET /users/me` of the first seeded user (an owner),
 * and, once organizations exist, the roster of one with invited members as its owner, as an invitee
 * who accepted (a `member`: its own row only), as one still pending (403) and as a non-member (404).
 */
const probes = (
  organizations: readonly (SeededOrganization | undefined)[],
  withMembers: readonly number[],
  owners: number,
  seeded: number,
): Probe[] => {
  const me: Probe = { label: 'GET /users/me', path: '/users/me', idpId: seededIdpId(0) };
  const rich = withMembers
    .map((index) => organizations[index])
    .find((organization) => organization !== undefined && organization.rosterRows > 2);
  const plain = organizations.find((organization) => organization !== undefined && organization.rosterRows === 1);
  const chosen = rich ?? plain;
  if (chosen === undefined) return [me];
  const path = `/organizations/${chosen.organizationId}/members`;
  const ownerSeed = Math.floor((chosen.index * seeded) / owners);
  const invitee = (position: number): string => seededIdpId((ownerSeed + 1 + position) % seeded);
  return [
    me,
    { label: `GET ${path} as the owner`, path, idpId: chosen.ownerIdpId },
    ...(rich === undefined
      ? []
      : [
          { label: 'the same as an invited member who accepted', path, idpId: invitee(0) },
          { label: 'the same as an invitee still pending', path, idpId: invitee(EXTRA_MEMBERS - 1) },
        ]),
    { label: 'the same as a non-member', path, idpId: invitee(EXTRA_MEMBERS + 1) },
  ];
};

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
    const backend: Backend =
      database === undefined ? { kind: 'pglite', dataDir: join(options.folder, 'pglite-data') } : { kind: 'postgres', url: database.url };
    const service = await startService({
      name: `service (${kind})`,
      identity: workload.identity,
      providerUrl: options.providerUrl,
      backend,
      logLevel: config.logLevel,
      logFile: join(options.folder, `service-${kind}.log`),
      nodeArgs: config.serviceNodeArgs,
    });
    children.push(service);
    const seeded = await seedUsers({
      url: service.url,
      deliveries: workload.deliveries,
      count: config.users,
      concurrency: config.seedConcurrency,
    });
    say(
      `seeded through POST /webhooks/idp: ${formatNumber(seeded.users)} users in ${seeded.seconds.toFixed(1)} s ` +
        `(${formatNumber(seeded.users / seeded.seconds)}/s, ${config.seedConcurrency} in flight)` +
        (seeded.failed > 0 ? `; ${formatNumber(seeded.failed)} FAILED, first: ${seeded.firstFailure}` : ''),
    );
    if (seeded.users === 0 && config.users > 0) throw new Error(`seeding failed: ${seeded.firstFailure ?? 'no answer'}`);
    say(`service RSS after seeding: ${formatNumber(rssMb(service.pid))} MB (peak so far ${formatNumber(peakRssMb(service.pid))} MB)`);
    // The organization route's pool: `tokenPool` owners spread evenly; every other one's organization
    // also gets invited members, so the measured rosters are not all one row.
    const owners = Math.min(config.orgOwners, config.users);
    const orgPoolIndexes = spreadIndexes(owners, config.tokenPool);
    const withMembers = orgPoolIndexes.filter((_, position) => position % 2 === 0);
    const organizations = await seedOrganizationOwners({
      url: service.url,
      workload,
      owners,
      seeded: config.users,
      concurrency: config.seedConcurrency,
      withMembers,
      extraMembers: EXTRA_MEMBERS,
    });
    say(`organizations: ${owners === 0 ? 'none (BENCH_ORG_OWNERS=0)' : organizations.note}`);
    const organizationPool = orgPoolIndexes.flatMap((index) => organizations.organizations[index] ?? []);
    if (organizationPool.length > 0) {
      const rows = organizationPool.map((organization) => organization.rosterRows);
      say(
        `organization route pool: ${organizationPool.length} owners, one token each (rosters of ` +
          `${[...new Set(rows)]
            .sort((a, b) => a - b)
            .map((n) => `${n} row${n === 1 ? '' : 's'} ×${rows.filter((r) => r === n).length}`)
            .join(', ')})`,
      );
    }

    if (database !== undefined) {
      const databaseUrl = database.url;
      const reference = (kind: 'limit' | 'peer'): Promise<ServerChild> =>
        startReference({
          kind,
          identity: workload.identity,
          databaseUrl,
          poolSize: config.poolSize,
          logFile: join(options.folder, `${kind}.log`),
          nodeArgs: config.referenceNodeArgs,
        });
      children.push(await reference('limit'));
      const variant = config.variantNodeArgs !== undefined || config.variantNode !== undefined || config.variantScript !== undefined;
      children.push(variant ? await startWarmVariant(config, workload, options, backend) : await reference('peer'));
    }
    for (const line of await compareAnswers(children, workload, probes(organizations.organizations, withMembers, owners, config.users)))
      say(`check ${line}`);

    const poolIdpIds = Array.from({ length: Math.min(config.tokenPool, Math.max(1, config.users)) }, (_, index) =>
      seededIdpId(Math.floor((index * config.users) / Math.min(config.tokenPool, Math.max(1, config.users)))),
    );
    say();
    say(windowHeader());
    const unknownScenarios = (config.scenarios ?? []).filter(
      (key) => key !== EVENT_DELIVERY_SCENARIO && !allScenarios.some((scenario) => scenario.key === key),
    );
    if (unknownScenarios.length > 0)
      throw new Error(
        `BENCH_SCENARIOS: unknown ${unknownScenarios.join(', ')}; known: ${[...allScenarios.map((scenario) => scenario.key), EVENT_DELIVERY_SCENARIO].join(', ')}`,
      );
    const scenarios = allScenarios.filter((scenario) => config.scenarios === undefined || config.scenarios.includes(scenario.key));
    const { figures, unavailable } = await runRounds({
      servers: children,
      scenarios,
      workload,
      driver: options.driver,
      rounds: config.rounds,
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
      settleSeconds: config.settleSeconds,
      connections: config.connections,
      seeded: Math.max(1, config.users),
      poolIdpIds,
      organizationPool,
      maxPrepared: config.maxPrepared,
      supplyMargin: options.driver.inProcess ? 2 : 3,
      postgresDatabase: database?.name,
      onFigure: (figure) => say(windowLine(figure)),
    });
    say();
    const names = children.map((child) => child.name);
    for (const line of summaryTable({
      title: `${label}: medians of ${config.rounds} round(s)`,
      figures,
      servers: names,
      scenarios,
      unavailable,
    }))
      say(line);
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
      });
    }
    return children.map((child) => [child.name, peakRssMb(child.pid)] as const);
  } finally {
    for (const child of children) await child.stop();
    await database?.drop();
  }
};

/** What `node --version` prints for another binary (a variant that cannot start says so here, not mid-run). */
const nodeVersion = (node: string): string => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

/** Users the variant is warmed with (fresh ones, past any the bench seeds, the scale run included). */
const VARIANT_WARM_FROM = 10_000_000;
const VARIANT_WARM_MAX = 10_000;

/**
 * The A/B variant (`BENCH_VARIANT_NODE_ARGS`, `BENCH_VARIANT_NODE`, `BENCH_VARIANT_SCRIPT`), warmed like the service: it receives `user.created`
 * deliveries for fresh users, as many as the service was seeded with (at most 10,000). An unwarmed copy
 * has only ever run the measured routes, so its shared code (router, logging, the request scope) stays
 * monomorphic, unlike the seeded service's (an A/A run read 0.96× unwarmed, 1.00× warmed).
 */
const startWarmVariant = async (
  config: BenchConfig,
  workload: Workload,
  options: { readonly providerUrl: string; readonly folder: string },
  backend: Backend,
): Promise<ServerChild> => {
  if (config.variantNode !== undefined) say(`variant runs ${config.variantNode}: ${nodeVersion(config.variantNode)}`);
  if (config.variantScript !== undefined) {
    if (!existsSync(config.variantScript))
      throw new Error(`BENCH_VARIANT_SCRIPT: ${config.variantScript} does not exist (build that checkout first: npm ci && npm run build)`);
    say(`variant runs the build at ${config.variantScript}`);
  }
  const variant = await startService({
    name: '(b) variant',
    identity: workload.identity,
    providerUrl: options.providerUrl,
    backend,
    logLevel: config.logLevel,
    logFile: join(options.folder, 'variant.log'),
    nodeArgs: config.variantNodeArgs ?? [],
    ...(config.variantNode === undefined ? {} : { node: config.variantNode }),
    ...(config.variantScript === undefined ? {} : { script: config.variantScript }),
  });
  const count = Math.min(config.users, VARIANT_WARM_MAX);
  const warmed = await seedUsers({
    url: variant.url,
    deliveries: workload.deliveries,
    count,
    concurrency: config.seedConcurrency,
    from: VARIANT_WARM_FROM,
  });
  if (warmed.failed > 0) throw new Error(`warming the variant failed: ${warmed.firstFailure ?? 'no answer'}`);
  say(`variant warmed through POST /webhooks/idp: ${formatNumber(warmed.users)} fresh users`);
  return variant;
};
