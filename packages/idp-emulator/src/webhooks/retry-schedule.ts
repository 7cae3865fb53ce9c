const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The provider's delay before each attempt (ms): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_SCHEDULE_MS: readonly number[] = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** The scaled delay before attempt number `attempt` (1-based), or `undefined` after the last one. */
export const delayBeforeAttempt = (attempt: number, timeScale: number): number | undefined => {
  const base = RETRY_SCHEDULE_MS[attempt - 1];
  return base === undefined ? undefined : base * timeScale;
};
