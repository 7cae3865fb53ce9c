import type { BackgroundTasks, Logger } from '@idv/core';

/** Limits of the background work. */
export interface BackgroundWorkOptions {
  /** Tasks running at once; beyond it a new task is dropped with a warning (default 256). */
  readonly maxInFlight?: number;
  /** A task still running after this long is abandoned with a warning (default 30 000 ms). */
  readonly timeoutMs?: number;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs work off the request path (issue #14: notifications): each task starts at once, bounded in
 * number and time; a failure is logged at warn and never reaches the request that started it.
 * `drain()` waits for the tasks still running (shutdown, and tests that check what they did).
 */
export class BackgroundWork implements BackgroundTasks {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly logger: Logger,
    options: BackgroundWorkOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 256;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  run(task: string, work: () => Promise<void>): void {
    if (this.inFlight.size >= this.maxInFlight) {
      this.logger.warn({ task }, 'background task dropped: too many in flight');
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
      timer.unref();
    });
    const running: Promise<void> = Promise.race([Promise.resolve().then(work), timeout])
      .catch((error: unknown) => this.logger.warn({ task, err: message(error) }, 'background task failed'))
      .finally(() => {
        clearTimeout(timer);
        this.inFlight.delete(running);
      });
    this.inFlight.add(running);
  }

  /** Resolves once every task started so far, and any task those started, has settled or timed out. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
