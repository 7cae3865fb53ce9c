import anyTest, { type TestFn } from 'ava';
import { assertConverged, deliveryOrder, undeliveredMessages } from '../support/e2e-convergence.js';
import { getMe } from '../support/e2e-service-client.js';
import { loadE2eState } from './environment/e2e-state.js';
import { startProcessPair, type ProcessPair } from './environment/process-pair.js';

// The delivery mode is global to an emulator, so this file runs its own and its tests run serially.
const test = anyTest as TestFn<{ pair: ProcessPair }>;

test.before(async (t) => {
  loadE2eState(); // e2e specs run only inside the e2e run (npm test), never on their own
  t.context = { pair: await startProcessPair() };
});
test.after.always(async (t) => {
  await t.context.pair?.close();
});
test.afterEach.always(async (t) => {
  await t.context.pair?.provider.setDeliveryMode({ duplicate: false, hold: false, reorder: 'fifo' });
});

/** Creates two users, renames both, renames the first again and deletes the second. */
const churn = async (pair: ProcessPair, prefix: string): Promise<string[]> => {
  const { provider } = pair;
  const kept = await provider.createUser(`${prefix}-kept@example.com`);
  const gone = await provider.createUser(`${prefix}-gone@example.com`);
  await provider.changeEmail(kept.id, `${prefix}-kept-2@example.com`);
  await provider.changeEmail(gone.id, `${prefix}-gone-2@example.com`);
  await provider.changeEmail(kept.id, `${prefix}-kept-3@example.com`);
  await provider.deleteUser(gone.id);
  return [kept.id, gone.id];
};

test.serial('every message delivered twice still converges to the provider state', async (t) => {
  const { pair } = t.context;
  await pair.provider.setDeliveryMode({ duplicate: true });
  const ids = await churn(pair, 'twice');
  await pair.provider.waitSettled();
  const deliveries = (await pair.provider.deliveries()).filter((d) => ids.includes(d.userId));
  const perMessage = new Map<string, number>();
  deliveries.forEach((d) => perMessage.set(d.messageId, (perMessage.get(d.messageId) ?? 0) + 1));
  t.is(perMessage.size, 6);
  t.true(
    [...perMessage.values()].every((count) => count >= 2),
    'each message id was delivered at least twice',
  );
  t.deepEqual(undeliveredMessages(deliveries), []);
  await assertConverged(t, pair.provider, pair.service().url, ids);
});

for (const order of ['reverse', 'shuffle'] as const) {
  test.serial(`held messages released in ${order} order still converge to the provider state`, async (t) => {
    const { pair } = t.context;
    await pair.provider.setDeliveryMode({ hold: true });
    const ids = await churn(pair, `held-${order}`);
    t.is(await pair.provider.release(order), 6);
    await pair.provider.waitSettled();
    const deliveries = await pair.provider.deliveries();
    t.log(`delivery order (the emulator shuffles with a fixed seed, so it repeats): ${deliveryOrder(deliveries, ids)}`);
    t.deepEqual(undeliveredMessages(deliveries), []);
    await assertConverged(t, pair.provider, pair.service().url, ids);
  });
}

test.serial(
  'a first request before user.created arrives creates the user from the provider, and the late webhook changes nothing',
  async (t) => {
    const { pair } = t.context;
    const { provider } = pair;
    await provider.setDeliveryMode({ hold: true });
    const user = await provider.createUser('early-bird@example.com');
    const token = await provider.mintToken((await provider.openSession(user.id)).id);
    const early = await getMe(pair.service().url, { token });
    t.is(early.status, 200);
    t.like(early.body?.user, { idpId: user.id, email: 'early-bird@example.com' });
    t.false(
      (await provider.deliveries()).some((d) => d.userId === user.id),
      'no delivery had reached the service yet',
    );

    t.is(await provider.release('fifo'), 1);
    await provider.waitSettled();
    const late = await getMe(pair.service().url, { token });
    t.is(late.status, 200);
    t.is(late.body?.user.id, early.body?.user.id, 'the same local row');
    t.deepEqual(undeliveredMessages(await provider.deliveries()), []);
  },
);
