import { seededIdpId, type DeliveryFactory } from './deliveries.js';
import { httpClient } from './http-client.js';
import { progressLine } from './progress.js';

/** The outcome of seeding. */
export interface Seeded {
  /** Deliveries answered 200 (users created through the public API). */
  readonly users: number;
  readonly failed: number;
  readonly seconds: number;
  /** The first failure's status and body, when there was one. */
  readonly firstFailure?: string;
}

/**
 * Seeds users THROUGH THE PUBLIC API: `count` signed `user.created` deliveries to `POST /webhooks/idp`,
 * `concurrency` in flight on keep-alive sockets, for users `from` … `from + count - 1`.
 */
export const seedUsers = async (options: {
  readonly url: string;
  readonly deliveries: DeliveryFactory;
  readonly count: number;
  readonly concurrency: number;
  readonly from?: number;
}): Promise<Seeded> => {
  const client = httpClient(options.concurrency);
  const progress = progressLine('seeding users through POST /webhooks/idp', options.count);
  const started = performance.now();
  const from = options.from ?? 0;
  let next = 0;
  let users = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const worker = async (): Promise<void> => {
    while (next < options.count) {
      const index = from + next++;
      const delivery = options.deliveries.created(seededIdpId(index));
      const answer = await client.send(`${options.url}/webhooks/idp`, { method: 'POST', headers: delivery.headers, body: delivery.body });
      if (answer.status === 200) users += 1;
      else {
        failed += 1;
        firstFailure ??= `${answer.status} ${answer.body.slice(0, 200)}`;
      }
      if ((users + failed) % 500 === 0) progress.update(users + failed);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    client.close();
  }
  progress.done(users + failed);
  return { users, failed, seconds: (performance.now() - started) / 1000, ...(firstFailure === undefined ? {} : { firstFailure }) };
};

/**
 * Hook for issue 7's "10,000 of those users own an organization": once `POST /organizations` exists,
 * create one organization per owner here through the public API (a token per owner, bounded
 * concurrency) and return how many were created. Until then it creates nothing.
 */
export const seedOrganizationOwners = async (_options: { readonly url: string; readonly owners: number }): Promise<{ readonly created: number; readonly note: string }> => ({
  created: 0,
  note: 'organizations not yet available (hook: seedOrganizationOwners in bench/src/seed.ts)',
});
