import type { ExecutionContext } from 'ava';
import { startProcessPair, type ProcessPair } from '../e2e/environment/process-pair.js';
import { primaryEmail, type DeliveryRecord, type EmulatorClient } from '../support/e2e-emulator-client.js';
import { getMe } from '../support/e2e-service-client.js';
import { seededRandom } from '../support/seeded-random.js';
import { runApiTraffic, type ApiSample } from './api-traffic.js';
import { compareUsers, type ProviderView, type ServiceUserRow } from './compare-users.js';
import { deliveryFigures } from './delivery-figures.js';
import { outageWindow, type DatabaseOutage, type OutageWindow } from './outage-window.js';
import { Progress } from './progress.js';
import { cpuSecondsOf, soakReport } from './soak-report.js';
import type { SoakProfile } from './soak-profile.js';
import { operationCount, planUsers, runProviderWorkload, type SoakUser } from './soak-workload.js';

/** The database a soak runs the service on. */
export interface SoakBackend {
  readonly label: string;
  /** `DATABASE_URL` for PostgreSQL; none for the embedded PGlite. */
  readonly serviceEnv: Readonly<Record<string, string>>;
  /** The service's `users` table once everything settled. */
  readUsers(pair: ProcessPair): Promise<ServiceUserRow[]>;
  /** Taken away at 40 % of the workload, back `outageOperations` later. */
  readonly outage?: DatabaseOutage;
}

// One incident, not thousands: an outage's failures are one captured error and a summary per 10 s.
const MAX_ERROR_LINES_PER_OUTAGE = 50;

// While the database is up the webhook answers 200 or 4xx; while it is away 500 is right (the provider retries).
const API_ANSWERS = new Set([200, 401, 404, 410]);
const OUTAGE_ANSWERS = new Set([500, 503]);
const acceptedOrRefused = (status: DeliveryRecord['status']): boolean => typeof status === 'number' && status >= 200 && status < 500;
const count = <T>(items: readonly T[], keep: (item: T) => boolean): number => items.filter(keep).length;

const providerView = async (provider: EmulatorClient, users: readonly SoakUser[]): Promise<ProviderView> => ({
  alive: new Map((await provider.allUsers()).map((user) => [user.id, { email: primaryEmail(user) ?? null, imageUrl: user.image_url }])),
  everCreated: users.flatMap((user) => (user.id === undefined ? [] : [user.id])),
});

/** Asks the service (persona header) about every user: live ones must mirror the provider, deleted ones get 410. */
const apiDisagreements = async (serviceUrl: string, view: ProviderView): Promise<string[]> => {
  const disagreements: string[] = [];
  for (let start = 0; start < view.everCreated.length; start += 16) {
    await Promise.all(
      view.everCreated.slice(start, start + 16).map(async (idpId) => {
        const me = await getMe(serviceUrl, { persona: idpId });
        const live = view.alive.get(idpId);
        const agrees =
          live === undefined
            ? me.status === 410
            : me.status === 200 && me.body?.user.email === live.email && me.body.user.imageUrl === live.imageUrl;
        if (!agrees) disagreements.push(`${idpId}: ${me.status} ${JSON.stringify(me.body?.user ?? null)}`);
      }),
    );
  }
  return disagreements;
};

const describe = (window: OutageWindow, api: readonly ApiSample[], deliveries: readonly DeliveryRecord[]) => ({
  webhook500sInOutage: count(deliveries, (d) => d.status === 500 && window.overlaps(d.at, d.at + d.durationMs)),
  webhookWrongOutsideOutage: deliveries
    .filter((d) => !acceptedOrRefused(d.status) && !(d.status === 500 && window.overlaps(d.at, d.at + d.durationMs)))
    .map((d) => `${d.eventType} ${d.userId} attempt ${d.attempt}: ${d.status}`),
  apiWrong: api
    .filter((s) => !(API_ANSWERS.has(s.status) || (OUTAGE_ANSWERS.has(s.status) && window.overlaps(s.at, s.answeredAt))))
    .map((s) => s.status),
});

/**
 * The emulator and the service as separate processes; the seeded workload drives
 * the provider while API traffic runs; once every delivery settled the service's users must equal the
 * provider's, and every answer on the way must have been one the rules allow.
 */
export const runSoak = async (t: ExecutionContext, backend: SoakBackend, profile: SoakProfile): Promise<void> => {
  const began = Date.now();
  const driverCpu = process.cpuUsage();
  // The default configuration: every delivery comes from one address (the emulator's), and the
  // default public limiter must not refuse a signed one.
  const pair = await startProcessPair({ timeScale: 0.001, serviceEnv: backend.serviceEnv });
  t.teardown(() => pair.close());
  const users = planUsers(profile, seededRandom(profile.seed));
  const progress = new Progress(operationCount(users));
  const window = outageWindow(backend.outage, progress.total, profile.outageOperations);
  const created: SoakUser[] = [];
  const [modes, api] = await Promise.all([
    runProviderWorkload(pair.provider, users, progress, {
      profile,
      random: seededRandom(profile.seed + 1),
      created,
      onProgress: window.onProgress,
    }),
    runApiTraffic(pair.service().url, pair.provider, created, progress, { profile, random: seededRandom(profile.seed + 2) }),
  ]);
  const workload = (Date.now() - began) / 1000;
  await pair.provider.waitSettled(300_000);
  const settled = (Date.now() - began) / 1000;
  const { user, system } = process.cpuUsage(driverCpu);
  const cpu = `service ${cpuSecondsOf(pair.service().process.pid)} s, emulator ${cpuSecondsOf(pair.emulator.process.pid)} s, driver ${((user + system) / 1e6).toFixed(1)} s`;
  const log = await pair.provider.deliveries();
  const deliveries = deliveryFigures(log);
  const view = await providerView(pair.provider, users);
  const divergence = compareUsers(view, await backend.readUsers(pair));
  const disagreements = await apiDisagreements(pair.service().url, view);
  const outcome = describe(window, api, log);
  const errorLines = pair.service().process.errorLines();
  const outage = {
    restarts: backend.outage === undefined ? 0 : 1,
    lengthMs: window.lengthMs(),
    failedDeliveries: outcome.webhook500sInOutage,
    errorLines: errorLines.length,
  };
  const seconds = { workload, settled, checked: (Date.now() - began) / 1000 };
  for (const line of soakReport({
    label: backend.label,
    profile,
    users,
    operations: progress.total,
    modes,
    deliveries,
    api,
    outage,
    divergence,
    disagreements: disagreements.length,
    seconds,
    cpu,
  }))
    t.log(line);

  t.deepEqual(divergence, { lost: [], duplicated: [], stale: [], resurrected: [], phantom: [] }, "the service's users are the provider's");
  t.deepEqual(disagreements, [], 'and GET /users/me says so');
  t.deepEqual(deliveries.undelivered, [], 'every message was accepted in the end');
  t.deepEqual(outcome.webhookWrongOutsideOutage, [], 'the webhook answered only 2xx/4xx while the database was up');
  t.deepEqual(outcome.apiWrong, [], 'GET /users/me answered 200, 401, 404 or 410 (500/503 only during the outage), never no answer');
  t.is(
    count(api, (s) => s.wrongUser),
    0,
    'no 200 described another user',
  );
  t.is(
    view.alive.size,
    count(created, (u) => !u.deleted),
    'the provider holds what the workload did',
  );
  t.true(deliveries.duplicateCopies > 0 && deliveries.reorderings > 0, 'duplicates and reorderings were in play');
  t.true(deliveries.attempts >= profile.deliveries, `at least ${profile.deliveries} deliveries were sent (${deliveries.attempts})`);
  t.false(deliveries.statuses.has('429'), 'no signed delivery was refused for rate, at the default configuration, all from one address');
  t.true(
    errorLines.length <= MAX_ERROR_LINES_PER_OUTAGE * outage.restarts,
    `at most ${MAX_ERROR_LINES_PER_OUTAGE} error lines per outage, none without one; the service wrote ${errorLines.length}:\n${errorLines.slice(0, 5).join('\n')}`,
  );
  if (backend.outage !== undefined)
    t.true(outage.failedDeliveries > 0 && deliveries.retries > 0, 'the outage failed deliveries, and retries converged them');
  t.is((await fetch(`${pair.service().url}/health/ready`)).status, 200, 'the service is up and ready');
};
