import type { Clock } from '../shared/clock.js';

/** A clock that stands still until told to move. */
export class FixedClock implements Clock {
  constructor(private current: Date = new Date('2026-01-01T00:00:00.000Z')) {}

  /** The clock's current (fixed) time. */
  now(): Date {
    return new Date(this.current.getTime());
  }

  /** Moves the clock forward by `ms`. */
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
