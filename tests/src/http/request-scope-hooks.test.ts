import { executionAsyncId } from 'node:async_hooks';
import test from 'ava';
import { userCreatedEvent } from '@idv/core/testing';
import { providerEnv, startServiceUnderTest } from '../support/service-under-test.js';
import { startTestProvider } from '../support/test-provider.js';

// Before Node 24, an enabled AsyncLocalStorage makes Node's async hooks run on every promise
// of the process (10–12 % of a request's CPU). The service's request scopes and the transactions that
// ride in them follow promise continuations instead, so serving the hot paths, and a request that
// runs a transaction, leaves those hooks off. With them on, each promise continuation gets an async
// id of its own; with them off, consecutive continuations share the id of the work that queued them.
const nodeHooksRun = async (): Promise<boolean> => {
  await null;
  const first = executionAsyncId();
  await null;
  return executionAsyncId() !== first;
};

const MEMBER = 'user_requestScopeHooks1';

test("serving webhooks, bearer requests and a transaction leaves Node's async hooks off, while each log line still names its request", async (t) => {
  t.false(await nodeHooksRun(), 'something loaded by this test file enabled the hooks before the service started');
  const provider = await startTestProvider();
  t.teardown(() => provider.close());
  const service = await startServiceUnderTest(providerEnv(provider));
  t.teardown(() => service.close());

  const created = JSON.stringify(userCreatedEvent({ id: MEMBER, email: 'request-scope-hooks@example.com' }));
  const delivered = await fetch(`${service.url}/webhooks/idp`, {
    method: 'POST',
    headers: { ...provider.sign(created), 'x-request-id': 'req-scope-webhook' },
    body: created,
  });
  t.is(delivered.status, 200);
  const authorization = `Bearer ${await provider.mintToken(MEMBER)}`;
  // Creating an organization writes it and its owner's membership in one transaction.
  const organization = await fetch(`${service.url}/organizations`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', 'x-request-id': 'req-scope-organization' },
    body: JSON.stringify({ name: 'Scope Club' }),
  });
  t.is(organization.status, 201);
  const me = await fetch(`${service.url}/users/me`, { headers: { authorization } });
  t.is(me.status, 200);
  const body = (await me.json()) as { memberships: { organizationName: string }[] };
  t.deepEqual(
    body.memberships.map((membership) => membership.organizationName),
    ['Scope Club'],
  );

  t.false(await nodeHooksRun());
  // The accepted webhook's line is written inside the request, after its body was read (an await).
  const accepted = service.logs.records().find((line) => line['msg'] === 'idp webhook accepted');
  t.like(accepted, { requestId: 'req-scope-webhook', eventType: 'user.created', idpId: MEMBER });
});
