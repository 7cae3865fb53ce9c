import type { Analytics, Logger } from '@idv/core';
import { BackgroundWork } from './background-work.js';

/** Limits of the background queue. */
export interface BackgroundAnalyticsOptions {
  /** Calls in flight at once; beyond it new calls are dropped with a warning (default 256). */
  readonly maxInFlight?: number;
  /** A call still running after this long is abandoned with a warning (default 5 000 ms). */
  readonly timeoutMs?: number;
}

/**
 * Keeps analytics off the response path: each call is started and answered at once, bounded in
 * number and time. Per the spec a failure is logged at warn and not surfaced, with no retry.
 * `drain()` waits for the calls still running (shutdown).
 */
export class BackgroundAnalytics implements Analytics {
  private readonly work: BackgroundWork;

  constructor(
    private readonly inner: Analytics,
    logger: Logger,
    options: BackgroundAnalyticsOptions = {},
  ) {
    this.work = new BackgroundWork(logger, {
      label: 'analytics call',
      maxInFlight: options.maxInFlight ?? 256,
      timeoutMs: options.timeoutMs ?? 5_000,
    });
  }

  identify(idpUserId: string, traits: Readonly<Record<string, unknown>>): Promise<void> {
    this.work.start(() => this.inner.identify(idpUserId, traits), { idpId: idpUserId, call: 'identify' });
    return Promise.resolve();
  }

  track(idpUserId: string, event: string, properties?: Readonly<Record<string, unknown>>): Promise<void> {
    this.work.start(() => this.inner.track(idpUserId, event, properties), { idpId: idpUserId, call: `track ${event}` });
    return Promise.resolve();
  }

  /** Resolves once every call started so far has settled or timed out. */
  drain(): Promise<void> {
    return this.work.drain();
  }
}
