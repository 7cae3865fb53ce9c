import { incidentOf, type Breadcrumb, type ErrorTracker, type IncidentKind, type Logger } from '@idv/core';

/** How the gate tells time and how often it may summarize. */
export interface IncidentGateOptions {
  /** Milliseconds now; injected, so that tests move it rather than wait. */
  readonly now: () => number;
  /** The least time between two lines of one incident (default 10 s). */
  readonly summaryIntervalMs?: number;
}

interface OpenIncident {
  readonly openedAt: number;
  /** When the incident last wrote a line (its first failure, or a summary). */
  lastLineAt: number;
  /** Every failure since it opened, the first included. */
  failures: number;
  /** Failures since its last line. */
  unreported: number;
}

const SUMMARY_INTERVAL_MS = 10_000;

/**
 * One incident, not thousands (README, HTTP API). Defects pass through to the tracker
 * as they are. A failure its adapter classified as an incident (`incidentOf`: the database or the
 * provider away) is captured, with its stack, only when it is the first of its kind; its repeats
 * are counted, and summarized in at most one error line per `summaryIntervalMs` with the count.
 * When the dependency answers again (`answered`), one line says the incident is over and how many
 * failures it had. Metrics are not the gate's business: they count every failure where they did.
 *
 * @example
 * const gate = new IncidentGate(tracker, logger, { now: Date.now });
 * gate.captureException(error, { path }); // logged and captured, or counted
 * gate.answered('database-unavailable');  // the database is back: one line
 */
export class IncidentGate implements ErrorTracker {
  private readonly open = new Map<IncidentKind, OpenIncident>();
  private readonly interval: number;

  constructor(
    private readonly tracker: ErrorTracker,
    private readonly logger: Logger,
    private readonly options: IncidentGateOptions,
  ) {
    this.interval = options.summaryIntervalMs ?? SUMMARY_INTERVAL_MS;
  }

  addBreadcrumb(breadcrumb: Breadcrumb): void {
    this.tracker.addBreadcrumb(breadcrumb);
  }

  setUser(idpUserId: string | null): void {
    this.tracker.setUser(idpUserId);
  }

  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void {
    const kind = incidentOf(error);
    if (kind === undefined) return this.tracker.captureException(error, context);
    const now = this.options.now();
    const incident = this.open.get(kind);
    if (incident === undefined) {
      this.open.set(kind, { openedAt: now, lastLineAt: now, failures: 1, unreported: 0 });
      return this.tracker.captureException(error, { ...context, incident: kind });
    }
    incident.failures += 1;
    incident.unreported += 1;
    if (now - incident.lastLineAt < this.interval) return;
    this.logger.error(
      { incident: kind, failures: incident.failures, sinceLastLine: incident.unreported, openForMs: now - incident.openedAt },
      `${kind}: ${incident.unreported} more failures (${incident.failures} since it began)`,
    );
    incident.lastLineAt = now;
    incident.unreported = 0;
  }

  /** The dependency answered: an incident of that kind, if one is open, is over (one line). Cheap when none is. */
  answered(kind: IncidentKind): void {
    if (this.open.size === 0) return;
    const incident = this.open.get(kind);
    if (incident === undefined) return;
    this.open.delete(kind);
    const lastedMs = this.options.now() - incident.openedAt;
    this.logger.info(
      { incident: kind, failures: incident.failures, sinceLastLine: incident.unreported, lastedMs },
      `${kind} is over: the dependency answered again after ${incident.failures} failures`,
    );
  }
}
