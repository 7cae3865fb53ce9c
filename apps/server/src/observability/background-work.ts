import type { BackgroundTasks, Logger } from '@idv/core';

/** Limits and wording of the background work. */
export interface BackgroundWorkOptions {
  /** Names the work in log lines: `<label> failed`, `<label> dropped: too many in flight` (default `background task`). */
  readonly label?: string;
  /** Tasks running at once; beyond it a new task is dropped with a warning (default 256). */
  readonly maxInFlight?: number;
  /** A task still running after this long is abandoned with a warning (default 30 000 ms). */
  readonly timeoutMs?: number;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs work off the request path (analytics, issue #7; notifications, issue #14): each task starts
 * at once, bounded in number and time; a failure is logged at warn and never reaches the caller.
 * `drain()` waits for the tasks still running (shutdown, and tests that check what they did).
 */
export class BackgroundWork implements BackgroundTasks {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly label: string;
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly logger: Logger,
    options: BackgroundWorkOptions = {},
  ) {
    this.label = options.label ?? 'background task';
    this.maxInFlight = options.maxInFlight ?? 256;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  run(task: string, work: () => Promise<void>): void {
    this.start(work, { task });
  }

  /** Starts `work`; `fields` go into its warnings (never secrets). */
  start(work: () => Promise<void>, fields: Record<string, unknown>): void {
    if (this.inFlight.size >= this.maxInFlight) {
      this.logger.warn(fields, `${this.label} dropped: too many in flight`);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
      timer.unref();
    });
    const running: Promise<void> = Promise.race([Promise.resolve().then(work), timeout])
      .catch((error: unknown) => this.logger.warn({ ...fields, err: message(error) }, `${this.label} failed`))
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
