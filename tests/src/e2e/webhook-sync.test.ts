import anyTest, { type TestFn } from 'ava';
import { assertConverged } from '../support/e2e-convergence.js';
import { getMe } from '../support/e2e-service-client.js';
import { sharedE2eContext, type SharedE2eContext } from '../support/e2e-spec-context.js';

const test = anyTest as TestFn<SharedE2eContext>;

test.before((t) => {
  t.context = sharedE2eContext();
});

test('users created through the provider admin API arrive by webhook and sign in with their own email', async (t) => {
  const { state, provider } = t.context;
  const emails = ['sync-ada@example.com', 'sync-grace@example.com', 'sync-alan@example.com'];
  const users = await Promise.all(emails.map((email) => provider.createUser(email)));
  await provider.waitSettled();
  const deliveries = await provider.deliveries();
  for (const [index, user] of users.entries()) {
    t.true(
      deliveries.some((d) => d.eventType === 'user.created' && d.userId === user.id && d.status === 200),
      `user.created of ${user.id} delivered`,
    );
    const token = await provider.mintToken((await provider.openSession(user.id)).id);
    const me = await getMe(state.serviceUrl, { token });
    t.is(me.status, 200);
    t.like(me.body?.user, { idpId: user.id, email: emails[index] });
  }
});

test('an email changed at the provider reaches the service by user.updated', async (t) => {
  const { state, provider } = t.context;
  const user = await provider.createUser('sync-before@example.com');
  await provider.waitSettled();
  await provider.changeEmail(user.id, 'sync-after@example.com');
  await provider.waitSettled();
  t.like((await getMe(state.serviceUrl, { persona: user.id })).body?.user, { email: 'sync-after@example.com' });
  await assertConverged(t, provider, state.serviceUrl, [user.id]);
});

test('a user deleted at the provider answers 410 after its user.deleted delivery', async (t) => {
  const { state, provider } = t.context;
  const user = await provider.createUser('sync-leaving@example.com');
  await provider.waitSettled();
  t.is((await getMe(state.serviceUrl, { persona: user.id })).status, 200);
  await provider.deleteUser(user.id);
  await provider.waitSettled();
  t.is((await getMe(state.serviceUrl, { persona: user.id })).status, 410);
});
