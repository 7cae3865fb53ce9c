import type { ExecutionContext } from 'ava';
import { primaryEmail, type DeliveryRecord, type EmulatorClient } from './e2e-emulator-client.js';
import { getMe } from './e2e-service-client.js';

/** What the service should answer for a provider user: its email and image, or 410 once deleted. */
export type Expected = { readonly status: 200; readonly email: string | undefined; readonly imageUrl: string } | { readonly status: 410 };

/** The provider's current view of `userId`, as the service should mirror it. */
export const expectedFromProvider = async (provider: EmulatorClient, userId: string): Promise<Expected> => {
  const user = await provider.getUser(userId);
  return user === undefined ? { status: 410 } : { status: 200, email: primaryEmail(user), imageUrl: user.image_url };
};

/** Asserts that the service (asked by persona header) mirrors the provider for every user id. */
export const assertConverged = async (
  t: ExecutionContext<unknown>,
  provider: EmulatorClient,
  serviceUrl: string,
  userIds: readonly string[],
): Promise<void> => {
  for (const userId of userIds) {
    const expected = await expectedFromProvider(provider, userId);
    const me = await getMe(serviceUrl, { persona: userId });
    t.is(me.status, expected.status, `status of ${userId}`);
    if (expected.status === 200) {
      t.like(me.body?.user, { idpId: userId, email: expected.email ?? null, imageUrl: expected.imageUrl }, `state of ${userId}`);
    }
  }
};

/** Message ids whose attempts never got a 2xx. */
export const undeliveredMessages = (deliveries: readonly DeliveryRecord[]): string[] => {
  const delivered = new Set(
    deliveries.filter((d) => typeof d.status === 'number' && d.status >= 200 && d.status < 300).map((d) => d.messageId),
  );
  return [...new Set(deliveries.map((d) => d.messageId))].filter((id) => !delivered.has(id));
};

/** The delivery order of `userIds`' events, for failure messages (e.g. `user.deleted user_…`). */
export const deliveryOrder = (deliveries: readonly DeliveryRecord[], userIds: readonly string[]): string =>
  deliveries
    .filter((d) => userIds.includes(d.userId))
    .map((d) => `${d.eventType} ${d.userId} → ${d.status}`)
    .join('; ');
