import type { Clock } from '@idv/core';

/** The system time plus an offset the test moves forward: the service's clock, to reach a payment's expiry. */
export class MovingClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
