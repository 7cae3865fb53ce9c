import type { BackgroundTasks } from '../shared/background-tasks.js';
import type { Logger } from '../shared/logger.js';

/** Background work started at once and kept, so a test can wait for it: `settled()`; failures are logged at warn. */
export class PendingBackgroundTasks implements BackgroundTasks {
  private readonly pending: Promise<void>[] = [];
  /** Names of the tasks started, in order. */
  readonly started: string[] = [];

  constructor(private readonly logger: Logger) {}

  /** Starts `work` at once and keeps it until `settled()`. */
  run(task: string, work: () => Promise<void>): void {
    this.started.push(task);
    this.pending.push(
      Promise.resolve()
        .then(work)
        .catch((error: unknown) =>
          this.logger.warn({ task, err: error instanceof Error ? error.message : String(error) }, 'background task failed'),
        ),
    );
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async settled(): Promise<void> {
    while (this.pending.length > 0) await Promise.all(this.pending.splice(0));
  }
}
