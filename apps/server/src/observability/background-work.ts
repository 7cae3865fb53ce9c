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

/** A task in flight: when it is abandoned, and the promise `drain()` waits on. */
interface RunningTask {
  readonly deadline: number;
  readonly settled: Promise<void>;
  abandon(): void;
}

/**
 * Runs work off the request path (analytics, push notifications): each task starts
 * at once, bounded in number and time; a failure is logged at warn and never reaches the caller.
 * `drain()` waits for the tasks still running (shutdown, and tests that check what they did).
 *
 * One timer serves every task (the earliest deadline first): a task costs a few promises and no
 * timer of its own, since every webhook that creates a user starts two (docs/performance.md).
 */
export class BackgroundWork implements BackgroundTasks {
  // Insertion order is deadline order: every task gets the same timeout.
  private readonly inFlight = new Set<RunningTask>();
  private readonly label: string;
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;
  private timer: NodeJS.Timeout | undefined;

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
    let resolve!: () => void;
    const task: RunningTask = {
      deadline: performance.now() + this.timeoutMs,
      settled: new Promise<void>((done) => (resolve = done)),
      abandon: () => settle(true, new Error(`timed out after ${this.timeoutMs} ms`)),
    };
    // The first of the work's outcome and its deadline settles the task; the other finds it gone.
    const settle = (failed: boolean, error?: unknown): void => {
      if (!this.inFlight.delete(task)) return;
      if (failed) this.logger.warn({ ...fields, err: message(error) }, `${this.label} failed`);
      resolve();
    };
    this.inFlight.add(task);
    this.armTimer();
    let running: Promise<void>;
    try {
      running = work();
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      () => settle(false),
      (error: unknown) => settle(true, error),
    );
  }

  /** Resolves once every task started so far, and any task those started, has settled or timed out. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight].map((task) => task.settled));
  }

  private armTimer(): void {
    if (this.timer !== undefined) return;
    const [first] = this.inFlight;
    if (first === undefined) return;
    this.timer = setTimeout(() => this.abandonOverdue(), Math.max(0, first.deadline - performance.now()));
    this.timer.unref();
  }

  private abandonOverdue(): void {
    this.timer = undefined;
    const now = performance.now();
    for (const task of this.inFlight) {
      if (task.deadline > now) break;
      task.abandon();
    }
    this.armTimer();
  }
}
