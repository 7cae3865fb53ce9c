/** Seconds before each attempt after a failure (Standard Webhooks): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = [0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** How far a delay may stray from the schedule either way, so a fleet's retries do not arrive in step. */
export const JITTER = 0.1;

/** How retries are spaced. */
export interface RetrySettings {
  /** Every delay is multiplied by it (`WEBHOOK_RETRY_SCHEDULE_SCALE`: 1 in production, small in tests). */
  readonly scale: number;
  /** A number in [0, 1) (`Math.random` in production, fixed in tests). */
  readonly random: () => number;
}

/**
 * The delay in milliseconds before the attempt that follows `attemptsMade` failed attempts, or none
 * when the schedule is spent (the delivery is dead). The scheduled delay gets ±10 % jitter; an
 * endpoint's `Retry-After` is honoured when longer (never past the schedule's longest step).
 *
 * @example
 * retryDelayMs(1, undefined, { scale: 1, random: () => 0.5 }); // 5000
 */
export const retryDelayMs = (attemptsMade: number, retryAfterSeconds: number | undefined, settings: RetrySettings): number | undefined => {
  if (attemptsMade < 1) return 0;
  const scheduled = RETRY_SCHEDULE_SECONDS[attemptsMade];
  if (scheduled === undefined) return undefined;
  const jittered = scheduled * (1 - JITTER + 2 * JITTER * settings.random());
  const longest = Math.max(...RETRY_SCHEDULE_SECONDS);
  const asked = retryAfterSeconds === undefined ? 0 : Math.min(Math.max(retryAfterSeconds, 0), longest);
  return Math.round(Math.max(jittered, asked) * 1000 * settings.scale);
};

/** How long an endpoint may fail every attempt before it is disabled. */
export const FAILING_LIMIT_MS = 5 * 24 * 3600 * 1000;

/** Whether a failing streak that began at `since` has lasted long enough to disable its endpoint. */
export const failedTooLong = (since: Date, now: Date): boolean => now.getTime() - since.getTime() >= FAILING_LIMIT_MS;
