import { createHash } from 'node:crypto';
import type { JobData, JobOptions, JobQueue } from '@idv/core';
import type { JobBoss } from './job-boss.js';

/**
 * The job id a singleton key makes on a `standard` queue: a UUID from the SHA-256 of the queue's
 * name and the key, so a second enqueue with the key finds the first row and is dropped.
 */
export const singletonJobId = (name: string, key: string): string => {
  const bytes = createHash('sha256').update(`${name}\u0000${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8 (custom)
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** An enqueue to a queue that was never created (a name missing from the handlers the server runs). */
export class UnknownJobQueue extends Error {
  constructor(readonly queue: string) {
    super(`job queue ${queue} does not exist: its handlers must be among those the workers start`);
    this.name = 'UnknownJobQueue';
  }
}

/**
 * The core `JobQueue` on pg-boss. Its SQL goes through the service's executor, so inside a unit of
 * work the job is written in the open transaction (it exists if and only if the write committed);
 * outside one it is written at once. `retryLimit` overrides the queue's default; retries back off
 * exponentially with jitter from `JOBS_RETRY_DELAY_SECONDS`. A `singletonKey` keeps one job per key:
 * on a `stately` queue one waiting and one running (pg-boss's own key), on a `standard` one a single
 * job while it is kept (the key makes its id).
 *
 * @example
 * const jobs = createJobQueue(boss);
 * await unitOfWork.run(async () => { await users.remove(id); await jobs.enqueue('identity.delete-provider-user', { idpId }); return E.right(undefined); });
 */
export const createJobQueue = (jobs: JobBoss): JobQueue => ({
  enqueue: async (name: string, data: JobData, options: JobOptions = {}): Promise<void> => {
    const policy = await jobs.policyOf(name);
    if (policy === undefined) throw new UnknownJobQueue(name);
    const { singletonKey, startAfter, retryLimit } = options;
    const sendOptions = {
      ...(startAfter === undefined ? {} : { startAfter }),
      ...(retryLimit === undefined ? {} : { retryLimit }),
      ...(singletonKey === undefined ? {} : policy === 'stately' ? { singletonKey } : { id: singletonJobId(name, singletonKey) }),
    };
    await jobs.boss.send(name, data as object, sendOptions);
  },
});
