/**
 * Seconds to wait from a `Retry-After` header: a whole number of seconds, or an HTTP date (counted
 * from `nowMs`, never below 0). Undefined when absent or unreadable.
 */
export const retryAfterSeconds = (value: string | string[] | undefined, nowMs: number): number | undefined => {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return undefined;
  if (/^[0-9]+$/.test(text)) return Number(text);
  // Every HTTP-date form starts with the day's name; `Date.parse` alone would read `-5` as a year.
  const at = /^[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
};
