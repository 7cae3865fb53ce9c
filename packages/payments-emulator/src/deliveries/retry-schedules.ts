const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * iyzico's webhooks (reference §2.4): the first 10–15 s after the event, then every 15 minutes,
 * three attempts in all; any 2xx acknowledges.
 */
export const IYZICO_SCHEDULE_MS: readonly number[] = [10 * SECOND, 15 * MINUTE, 15 * MINUTE];

/**
 * PayTR's notifications (reference §4.3): at once, then "after a minute", "for a while" (the
 * emulator stops after ten attempts); only a body of exactly `OK` acknowledges.
 */
export const PAYTR_SCHEDULE_MS: readonly number[] = [0, ...Array<number>(9).fill(MINUTE)];
