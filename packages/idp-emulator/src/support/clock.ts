/** The emulator's clock: wall time plus an adjustable offset, with a strictly increasing `tick()`. */
export class EmulatorClock {
  private offsetMs = 0;
  private last = 0;

  /** Current emulator time in ms (may repeat between calls). */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** A timestamp in ms strictly greater than every previous `tick()`, so same-ms updates still order. */
  tick(): number {
    this.last = Math.max(this.now(), this.last + 1);
    return this.last;
  }

  /** Moves emulator time forward (or back, with a negative value) by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
