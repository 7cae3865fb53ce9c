import anyTest, { type TestFn } from 'ava';
import { otherEvent, userCreatedEvent, userDeletedEvent, userUpdatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';

const test = anyTest as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

test.before(async (t) => {
  const provider = await startTestProvider();
  t.context = { provider, service: await startServiceUnderTest(providerEnv(provider)) };
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

const post = (service: ServiceUnderTest, body: string, headers: Record<string, string>) =>
  fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

const me = async (t: { context: { provider: TestProvider; service: ServiceUnderTest } }, subject: string) =>
  fetch(`${t.context.service.url}/users/me`, { headers: { authorization: `Bearer ${await t.context.provider.mintToken(subject)}` } });

for (const header of ['idp-webhook-id', 'idp-webhook-timestamp', 'idp-webhook-signature']) {
  test(`spec rule 1: without ${header} the webhook answers 400 "Missing signature headers"`, async (t) => {
    const body = JSON.stringify(userCreatedEvent({ id: 'user_missingheader1' }));
    const { [header]: _dropped, ...headers } = t.context.provider.sign(body);
    const response = await post(t.context.service, body, headers);
    t.is(response.status, 400);
    t.deepEqual(await response.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Missing signature headers',
      code: 'MissingSignatureHeaders',
    });
  });
}

test('spec rule 2: a tampered body answers 400 "Invalid webhook signature" and creates nothing', async (t) => {
  const body = JSON.stringify(userCreatedEvent({ id: 'user_tampered1' }));
  const headers = t.context.provider.sign(body);
  const response = await post(t.context.service, body.replace('john.doe', 'mallory'), headers);
  t.is(response.status, 400);
  t.like(await response.json(), { message: 'Invalid webhook signature', code: 'InvalidWebhookSignature' });
  t.is((await me(t, 'user_tampered1')).status, 404);
});

test('spec rule 2: a signature made with another secret is refused', async (t) => {
  const body = JSON.stringify(userCreatedEvent({ id: 'user_othersecret1' }));
  const response = await post(t.context.service, body, t.context.provider.sign(body, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }));
  t.is(response.status, 400);
  t.like(await response.json(), { code: 'InvalidWebhookSignature' });
});

test('a delivery signed more than five minutes ago is refused as a replay', async (t) => {
  const body = JSON.stringify(userCreatedEvent({ id: 'user_stale1' }));
  const response = await post(t.context.service, body, t.context.provider.sign(body, { at: new Date(Date.now() - 6 * 60_000) }));
  t.is(response.status, 400);
  t.like(await response.json(), { code: 'InvalidWebhookSignature' });
});

test('spec rule 2: verification is over the exact bytes (odd whitespace and non-ASCII survive)', async (t) => {
  const event = userCreatedEvent({ id: 'user_exactbytes1', email: 'zoë@example.com' });
  const body = `{ "type" : "user.created",\n  "data": ${JSON.stringify(event['data'], null, 3)}, "object":"event", "weight": 1.0 }`;
  const response = await post(t.context.service, body, t.context.provider.sign(body));
  t.is(response.status, 200);
  t.deepEqual(await response.json(), { received: true });
});

test('user.created creates the user; a duplicate delivery answers 200 and leaves one user', async (t) => {
  const body = JSON.stringify(userCreatedEvent({ id: 'user_created1', email: 'Created@Example.com' }));
  const headers = t.context.provider.sign(body);
  const first = await post(t.context.service, body, headers);
  const duplicate = await post(t.context.service, body, headers);
  t.deepEqual([first.status, duplicate.status], [200, 200]);
  t.deepEqual(await duplicate.json(), { received: true });
  const response = await me(t, 'user_created1');
  t.is(response.status, 200);
  t.like(await response.json(), { user: { idpId: 'user_created1', email: 'created@example.com' }, memberships: [] });
  const signUps = t.context.service.logs.records().filter((r) => r['msg'] === 'analytics track' && r['idpId'] === 'user_created1');
  t.is(signUps.length, 1);
});

test('spec rule 6: an accepted event is logged at info with { eventType, idpId } and nothing personal', async (t) => {
  const body = JSON.stringify(userCreatedEvent({ id: 'user_logged1', email: 'private@example.com' }));
  await post(t.context.service, body, t.context.provider.sign(body));
  const record = t.context.service.logs.records().find((r) => r['msg'] === 'idp webhook accepted' && r['idpId'] === 'user_logged1');
  t.like(record, { level: 30, eventType: 'user.created', idpId: 'user_logged1' });
  t.false(t.context.service.logs.text().includes('private@example.com'));
});

test('user.updated overwrites email and image; an older update delivered late is ignored', async (t) => {
  const send = async (event: Record<string, unknown>) => {
    const body = JSON.stringify(event);
    return post(t.context.service, body, t.context.provider.sign(body));
  };
  await send(userCreatedEvent({ id: 'user_updated1', updatedAt: 1000 }));
  await send(
    userUpdatedEvent({ id: 'user_updated1', email: 'new@example.com', imageUrl: 'https://img.example.com/new.png', updatedAt: 3000 }),
  );
  const late = await send(userUpdatedEvent({ id: 'user_updated1', email: 'older@example.com', updatedAt: 2000 }));
  t.is(late.status, 200);
  t.like(await (await me(t, 'user_updated1')).json(), { user: { email: 'new@example.com', imageUrl: 'https://img.example.com/new.png' } });
});

test("user.created whose image URL holds ';' and quotes answers 200 and stores it verbatim (webhook fuzzer, seed 1039985898)", async (t) => {
  const imageUrl = "https://img.e;ample.com/o'brien;--.png";
  const body = JSON.stringify(userCreatedEvent({ id: 'user_semicolon1', imageUrl }));
  const response = await post(t.context.service, body, t.context.provider.sign(body));
  t.deepEqual({ status: response.status, body: await response.json() }, { status: 200, body: { received: true } });
  t.like(await (await me(t, 'user_semicolon1')).json(), { user: { idpId: 'user_semicolon1', imageUrl } });
});

test('user.deleted soft-deletes (410 afterwards) and never calls the provider delete', async (t) => {
  const send = async (event: Record<string, unknown>) => {
    const body = JSON.stringify(event);
    return post(t.context.service, body, t.context.provider.sign(body));
  };
  await send(userCreatedEvent({ id: 'user_deleted1' }));
  t.is((await send(userDeletedEvent('user_deleted1'))).status, 200);
  t.is((await send(userDeletedEvent('user_deleted1'))).status, 200);
  const response = await me(t, 'user_deleted1');
  t.is(response.status, 410);
  t.like(await response.json(), { code: 'UserDeleted' });
  t.false(t.context.provider.requests.some((request) => request.startsWith('DELETE')));
});

test('an unknown event type answers 200 { received: true }', async (t) => {
  const body = JSON.stringify(otherEvent('organizationInvitation.accepted', { object: 'organization_invitation', id: 'orginv_1' }));
  const response = await post(t.context.service, body, t.context.provider.sign(body));
  t.is(response.status, 200);
  t.deepEqual(await response.json(), { received: true });
});

test('a malformed envelope answers 400, not 500', async (t) => {
  for (const body of ['{"type":"user.created","data":{"id":42}}', '[1,2,3]', 'not json at all', '{"type":"user.created"']) {
    const response = await post(t.context.service, body, t.context.provider.sign(body));
    t.is(response.status, 400, body);
    t.like(await response.json(), { code: 'MalformedWebhookEvent' });
  }
});

test('an oversized body answers 413 before anything is parsed', async (t) => {
  const body = JSON.stringify({ type: 'user.created', padding: 'x'.repeat(600 * 1024) });
  const response = await post(t.context.service, body, t.context.provider.sign(body));
  t.is(response.status, 413);
});
