import anyTest, { type TestFn } from 'ava';
import { getMe } from '../support/e2e-service-client.js';
import { sharedE2eContext, type SharedE2eContext } from '../support/e2e-spec-context.js';

const test = anyTest as TestFn<SharedE2eContext>;

test.before((t) => {
  t.context = sharedE2eContext();
});

test('with TEST_AUTH_BYPASS the x-test-user-id header alone chooses who the caller is', async (t) => {
  const { state, provider } = t.context;
  const first = await provider.createUser('persona-one@example.com');
  const second = await provider.createUser('persona-two@example.com');
  await provider.waitSettled();
  const answers = await Promise.all([state.userId, first.id, second.id].map((persona) => getMe(state.serviceUrl, { persona })));
  t.deepEqual(
    answers.map((a) => [a.status, a.body?.user.idpId, a.body?.user.email]),
    [
      [200, state.userId, state.email],
      [200, first.id, 'persona-one@example.com'],
      [200, second.id, 'persona-two@example.com'],
    ],
  );
});

test('without a persona header or a token the caller is unauthenticated', async (t) => {
  const response = await fetch(`${t.context.state.serviceUrl}/users/me`);
  t.is(response.status, 401);
});
