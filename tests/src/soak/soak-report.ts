import { readFileSync } from 'node:fs';
import type { ApiSample } from './api-traffic.js';
import type { Divergence } from './compare-users.js';
import type { DeliveryFigures } from './delivery-figures.js';
import type { SoakProfile } from './soak-profile.js';
import type { SoakMode, SoakUser } from './soak-workload.js';

/** Everything a soak measured, for its report. */
export interface SoakFigures {
  readonly label: string;
  readonly profile: SoakProfile;
  readonly users: readonly SoakUser[];
  readonly operations: number;
  readonly modes: readonly SoakMode[];
  readonly deliveries: DeliveryFigures;
  readonly api: readonly ApiSample[];
  readonly outage: { readonly restarts: number; readonly lengthMs: number; readonly failedDeliveries: number; readonly errorLines: number };
  readonly divergence: Divergence;
  readonly disagreements: number;
  /** Seconds from the start: the workload done, every delivery settled, everything checked. */
  readonly seconds: { readonly workload: number; readonly settled: number; readonly checked: number };
  readonly cpu: string;
}

/** CPU seconds a process has used so far (Linux `/proc`; `n/a` elsewhere). */
export const cpuSecondsOf = (pid: number | undefined): string => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100).toFixed(1);
  } catch {
    return 'n/a';
  }
};

/** `200×12, 404×3`: counts by status. */
const formatCounts = (counts: ReadonlyMap<string, number>): string =>
  [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(', ');

/** How often each status came, formatted. */
const histogram = (statuses: readonly number[]): string =>
  formatCounts(statuses.reduce((map, status) => map.set(String(status), (map.get(String(status)) ?? 0) + 1), new Map<string, number>()));

/** The report lines of a soak (ava prints them under the test). */
export const soakReport = (figures: SoakFigures): string[] => {
  const { profile, deliveries, outage, divergence, seconds } = figures;
  const api500s = figures.api.filter((sample) => sample.status >= 500).length;
  return [
    `soak on ${figures.label}: profile ${profile.name}, seed ${profile.seed} (replay: SOAK_PROFILE=${profile.name} SOAK_SEED=${profile.seed}); workload done at ${seconds.workload.toFixed(1)} s, settled at ${seconds.settled.toFixed(1)} s, checked at ${seconds.checked.toFixed(1)} s; CPU ${figures.cpu}`,
    `provider: ${figures.users.length} users, ${figures.operations} operations (${figures.users.filter((user) => user.deleted).length} users deleted mid-run), ${figures.modes.length} delivery modes, up to ${Math.max(...figures.modes.map((mode) => mode.concurrency))} attempts in flight`,
    `deliveries: ${deliveries.messages} messages, ${deliveries.attempts} sent (${deliveries.duplicateCopies} duplicate copies, ${deliveries.retries} retries), ${deliveries.reorderings} accepted after a newer event of the same user; statuses ${formatCounts(deliveries.statuses)}; at most ${deliveries.peakPerMinute} inside one minute, all from one address`,
    `faults injected: ${deliveries.duplicateCopies + outage.failedDeliveries + outage.restarts} (${deliveries.duplicateCopies} duplicate copies, ${outage.failedDeliveries} deliveries failed during a ${outage.lengthMs} ms database outage, ${outage.restarts} PostgreSQL restart)`,
    `service log: ${outage.errorLines} error lines (${outage.restarts} outage${outage.restarts === 1 ? '' : 's'})`,
    `API: ${figures.api.length} GET /users/me (${histogram(figures.api.map((sample) => sample.status))}); 500s: ${api500s} API, ${outage.failedDeliveries} webhook, none while the database was up`,
    `lost ${divergence.lost.length}, duplicated ${divergence.duplicated.length}, stale ${divergence.stale.length}, resurrected ${divergence.resurrected.length}, phantom ${divergence.phantom.length}; API disagreements ${figures.disagreements}`,
  ];
};
