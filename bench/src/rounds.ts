import type { ServerChild } from './children.js';
import type { Driver } from './drive.js';
import { measureWindow, type Figure } from './measure.js';
import { meReusedTokens, webhookUserUpdated, type OrganizationOwner, type Scenario, type ScenarioInput } from './scenarios.js';
import type { Workload } from './workload.js';

/** Everything one backend's rounds need. */
export interface RoundsInput {
  /** The service first, then the references (none on PGlite). */
  readonly servers: readonly ServerChild[];
  readonly scenarios: readonly Scenario[];
  readonly workload: Workload;
  readonly driver: Driver;
  readonly rounds: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** An uncounted window this long on the same server before each measured one (0: none). */
  readonly settleSeconds: number;
  readonly connections: number;
  readonly seeded: number;
  readonly poolIdpIds: readonly string[];
  /** Owners and organizations for the organization route (empty when none were seeded). */
  readonly organizationPool: readonly OrganizationOwner[];
  readonly maxPrepared: number;
  /** Prepared supply ÷ the fastest rate seen × seconds (2; more for a driver that cannot stop early). */
  readonly supplyMargin: number;
  /** The scratch database's name on PostgreSQL (its backends' CPU is read); undefined on PGlite. */
  readonly postgresDatabase: string | undefined;
  /** Called with each figure as soon as it is measured. */
  readonly onFigure: (figure: Figure) => void;
}

/** What the rounds produced. */
export interface RoundsOutput {
  readonly figures: readonly Figure[];
  /** Keys of scenarios that had nothing to measure (no organizations seeded). */
  readonly unavailable: readonly string[];
}

/**
 * Measures every scenario on every server, round by round. Within a round each scenario is measured
 * on all servers back to back, the order rotating by round, so ratios compare like with like.
 * Requests that may be sent only once are prepared just before their window (tokens live 60 s,
 * webhook timestamps 5 minutes), sized from the fastest rate seen so far on that server.
 */
export const runRounds = async (input: RoundsInput): Promise<RoundsOutput> => {
  const fastest = new Map<string, number>();
  const supplyFor = (server: ServerChild, seconds: number): number =>
    Math.min(input.maxPrepared, Math.ceil((fastest.get(server.name) ?? input.maxPrepared / seconds) * seconds * input.supplyMargin) + 1000);
  const scenarioInput = (server: ServerChild, seconds: number): ScenarioInput => ({
    workload: input.workload,
    poolIdpIds: input.poolIdpIds,
    organizationPool: input.organizationPool,
    seeded: input.seeded,
    supply: supplyFor(server, seconds),
  });
  const window = async (server: ServerChild, scenario: Scenario, round: number, seconds: number): Promise<Figure | undefined> => {
    const plan = await scenario.prepare(scenarioInput(server, seconds));
    if (plan === undefined) return undefined;
    const figure = await measureWindow({
      child: server,
      plan,
      driver: input.driver,
      seconds,
      connections: input.connections,
      round,
      scenario: scenario.key,
      postgresDatabase: input.postgresDatabase,
    });
    fastest.set(server.name, Math.max(fastest.get(server.name) ?? 0, figure.rps));
    return figure;
  };

  if (input.warmupSeconds > 0) {
    for (const server of input.servers) {
      await window(server, meReusedTokens, 0, input.warmupSeconds);
      await window(server, webhookUserUpdated, 0, input.warmupSeconds);
    }
  }
  const figures: Figure[] = [];
  const unavailable = new Set<string>();
  for (let round = 1; round <= input.rounds; round += 1) {
    const shift = (round - 1) % input.servers.length;
    const order = [...input.servers.slice(shift), ...input.servers.slice(0, shift)];
    for (const scenario of input.scenarios) {
      for (const server of order) {
        if (input.settleSeconds > 0) await window(server, scenario, round, input.settleSeconds);
        const figure = await window(server, scenario, round, input.seconds);
        if (figure === undefined) {
          unavailable.add(scenario.key);
          break;
        }
        figures.push(figure);
        input.onFigure(figure);
      }
    }
  }
  return { figures, unavailable: [...unavailable] };
};
