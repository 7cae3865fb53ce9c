import type { Analytics, Logger } from '@idv/core';

/** Limits of the background queue. */
export interface BackgroundAnalyticsOptions {
  /** Calls in flight at once; beyond it new calls are dropped with a warning (default 256). */
  readonly maxInFlight?: number;
  /** A call still running after this long is abandoned with a warning (default 5 000 ms). */
  readonly timeoutMs?: number;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Keeps analytics off the response path: each call is started and answered at once, bounded in
 * number and time. Per the spec a failure is logged at warn and not surfaced, with no retry.
 * `drain()` waits for the calls still running (shutdown).
 */
export class BackgroundAnalytics implements Analytics {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly inner: Analytics,
    private readonly logger: Logger,
    options: BackgroundAnalyticsOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 256;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  identify(idpUserId: string, traits: Readonly<Record<string, unknown>>): Promise<void> {
    return this.start('identify', idpUserId, () => this.inner.identify(idpUserId, traits));
  }

  track(idpUserId: string, event: string, properties?: Readonly<Record<string, unknown>>): Promise<void> {
    return this.start(`track ${event}`, idpUserId, () => this.inner.track(idpUserId, event, properties));
  }

  /** Resolves once every call started so far has settled or timed out. */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private start(call: string, idpId: string, send: () => Promise<void>): Promise<void> {
    if (this.inFlight.size >= this.maxInFlight) {
      this.logger.warn({ idpId, call }, 'analytics call dropped: too many in flight');
      return Promise.resolve();
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
      timer.unref();
    });
    const running: Promise<void> = Promise.race([Promise.resolve().then(send), timeout])
      .catch((error: unknown) => this.logger.warn({ idpId, call, err: message(error) }, 'analytics call failed'))
      .finally(() => {
        clearTimeout(timer);
        this.inFlight.delete(running);
      });
    this.inFlight.add(running);
    return Promise.resolve();
  }
}
