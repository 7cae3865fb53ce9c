/** A fixed-window request counter: `limit` requests per `windowMs`, off when `limit` is undefined. */
export class RateLimiter {
  private windowStart = 0;
  private count = 0;

  constructor(
    private limit: number | undefined,
    private readonly windowMs = 10_000,
  ) {}

  /** Changes the limit (undefined turns limiting off) and starts a fresh window. */
  setLimit(limit: number | undefined): void {
    this.limit = limit;
    this.count = 0;
    this.windowStart = 0;
  }

  /** Counts one request at `now`; returns the seconds to wait when over the limit, else `undefined`. */
  hit(now: number): number | undefined {
    if (this.limit === undefined) return undefined;
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    if (this.count <= this.limit) return undefined;
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
  }
}
