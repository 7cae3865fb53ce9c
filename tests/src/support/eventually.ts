import { setTimeout as delay } from 'node:timers/promises';

/**
 * Reads `read` until `done` holds of its answer, or gives up after `deadlineMs` and answers the
 * last reading: for a follow-up another process runs as a durable job (the test cannot await it),
 * so the assertion after it reads what the job did, not whether it was quick.
 */
export const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs = 30_000): Promise<T> => {
  const giveUpAt = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= giveUpAt) return value;
    await delay(100);
  }
};
