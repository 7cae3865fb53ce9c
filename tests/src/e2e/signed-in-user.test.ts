import anyTest, { type TestFn } from 'ava';
import { decodeJwt } from 'jose';
import { getMe } from '../support/e2e-service-client.js';
import { sharedE2eContext, type SharedE2eContext } from '../support/e2e-spec-context.js';

const test = anyTest as TestFn<SharedE2eContext>;

test.before((t) => {
  t.context = sharedE2eContext();
});

test('the signed-in E2E user gets 200 from /users/me with its email, the row made by its user.created webhook', async (t) => {
  const { state, provider } = t.context;
  const token = await provider.mintToken(state.sessionId);
  const me = await getMe(state.serviceUrl, { token });
  t.is(me.status, 200);
  t.like(me.body?.user, { idpId: state.userId, email: state.email });
  const created = (await provider.deliveries()).filter((d) => d.eventType === 'user.created' && d.userId === state.userId);
  const path = created.some((d) => d.status === 200) ? 'webhook' : 'recovery';
  t.log(`the E2E user's row was created by the ${path} path`);
  // The setup waits for deliveries to settle before signing in, so the webhook came first.
  t.is(path, 'webhook');
});

test('the saved state holds the session cookie and local storage of the signed-in client', (t) => {
  const { state } = t.context;
  const session = state.storageState.cookies.find((c) => c.name === '__session');
  t.truthy(session);
  t.like(decodeJwt(session?.value ?? ''), { sub: state.userId, sid: state.sessionId });
  t.deepEqual(state.storageState.origins[0]?.localStorage, [{ name: 'idp:session_id', value: state.sessionId }]);
});

test('every spec mints its own fresh 60-second token from the saved session id', async (t) => {
  const { state, provider } = t.context;
  const token = decodeJwt(await provider.mintToken(state.sessionId));
  t.like(token, { sub: state.userId, sid: state.sessionId });
  t.is((token.exp ?? 0) - (token.iat ?? 0), 60);
});
