/** Counts finished provider operations; other loops wait for a count instead of for time. */
export class Progress {
  private finished = 0;
  private readonly waiters: Array<{ readonly at: number; readonly resolve: () => void }> = [];

  constructor(readonly total: number) {}

  /** Operations finished so far. */
  get done(): number {
    return this.finished;
  }

  /** One more operation finished; wakes whoever waited for this count. */
  advance(): void {
    this.finished += 1;
    for (let i = this.waiters.length - 1; i >= 0; i -= 1) {
      const waiter = this.waiters[i]!;
      if (waiter.at <= this.finished) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  /** Resolves once `count` operations (capped at the total) have finished. */
  reach(count: number): Promise<void> {
    const at = Math.min(count, this.total);
    if (at <= this.finished) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ at, resolve }));
  }
}
