import anyTest, { type TestFn } from 'ava';
import { hmacBase64 } from '@idv/adapters-payments';
import { startPaymentsEmulator, targetsOf, type PaymentsEmulator } from '@idv/payments-emulator';
import { paymentsEmulatorEnv } from '../support/payments-emulator-env.js';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { type ApiAnswer, assertError, persona, type ServiceApi } from '../support/service-api.js';

// Organizations and money over real sockets, with the payments emulator as iyzico and PayTR:
// deleting an organization never deletes a payment record (a payment still open refuses it, a
// soft delete keeps everything and answers 404), and a subscription link is verified with iyzico's
// subscription detail before it is stored.

interface Context {
  readonly payments: PaymentsEmulator;
  readonly world: EmulatedService;
}
const test = anyTest.serial as TestFn<Context>;

test.before(async (t) => {
  const payments = await startPaymentsEmulator({ timeScale: 0.001 });
  const world = await startEmulatedService(paymentsEmulatorEnv(payments));
  payments.setTargets(targetsOf(world.service.url));
  t.context = { payments, world };
});
test.after.always(async (t) => {
  await t.context.world?.close();
  await t.context.payments?.close();
});

/** Every route of one organization, each with a body that passes validation, so only authorization decides. */
const organizationRoutes = (
  orgId: string,
  membershipId: string,
  paymentId: string,
): ReadonlyArray<(api: ServiceApi) => Promise<ApiAnswer>> => [
  (api) => api.get(`/organizations/${orgId}`),
  (api) => api.patch(`/organizations/${orgId}`, { name: 'Renamed Gym' }),
  (api) => api.delete(`/organizations/${orgId}`),
  (api) => api.get(`/organizations/${orgId}/members`),
  (api) => api.patch(`/organizations/${orgId}/members/${membershipId}`, { role: 'admin' }),
  (api) => api.delete(`/organizations/${orgId}/members/${membershipId}`),
  (api) => api.post(`/organizations/${orgId}/members/${membershipId}/suspend`),
  (api) => api.post(`/organizations/${orgId}/members/${membershipId}/reinstate`),
  (api) => api.get(`/organizations/${orgId}/members/${membershipId}/compliance`),
  (api) => api.post(`/organizations/${orgId}/leave`),
  (api) => api.post(`/organizations/${orgId}/ownership-transfer`, { membershipId }),
  (api) => api.get(`/organizations/${orgId}/invitations`),
  (api) => api.post(`/organizations/${orgId}/invitations`, { email: 'late@example.com', role: 'member' }),
  (api) => api.get(`/organizations/${orgId}/audit`),
  (api) => api.get(`/organizations/${orgId}/payments`),
  (api) => api.get(`/organizations/${orgId}/payments/${paymentId}`),
  (api) =>
    api.post(`/organizations/${orgId}/payments`, {
      provider: 'paytr',
      amountMinor: 15000,
      currency: 'TRY',
      description: 'Monthly membership',
    }),
  (api) =>
    api.post(`/organizations/${orgId}/payment-subscriptions`, {
      provider: 'iyzico',
      subscriptionReferenceCode: 'a1f3c2d4-0000-4000-8000-0000000000aa',
      amountMinor: 9900,
      currency: 'TRY',
      description: 'Monthly',
    }),
];

const paytrNotice = (payments: PaymentsEmulator, merchantOid: string, status: 'success' | 'failed', total: string): string =>
  new URLSearchParams({
    merchant_oid: merchantOid,
    status,
    total_amount: total,
    hash: hmacBase64(payments.paytr.merchantKey, merchantOid + payments.paytr.merchantSalt + status + total),
  }).toString();

test('a payment still open makes the delete 409 PaymentInFlight and changes nothing; once it settles the organization is soft-deleted: 404 on every route, its payment kept, a late callback recorded and flagged', async (t) => {
  const { world, payments } = t.context;
  const ownerId = await world.seedUser('money-owner@example.com');
  const coachId = await world.seedUser('money-coach@example.com');
  const { orgId, membershipIds } = await organizationWithMembers(world, ownerId, 'Money Gym', [
    { idpId: coachId, email: 'money-coach@example.com', role: 'coach' },
  ]);
  const owner = world.as(ownerId);
  const coach = world.as(coachId);
  const started = await owner.post(`/organizations/${orgId}/payments`, {
    provider: 'paytr',
    amountMinor: 15000,
    currency: 'TRY',
    description: 'Monthly membership',
  });
  t.is(started.status, 201, JSON.stringify(started.body));
  const payment = started.body.payment as { id: string; merchantReference: string };

  assertError(t, await owner.delete(`/organizations/${orgId}`), 409, 'PaymentInFlight');
  t.is((await coach.get(`/organizations/${orgId}`)).status, 200);
  t.like((await owner.get(`/organizations/${orgId}/payments/${payment.id}`)).body, { payment: { status: 'awaiting_customer' } });
  t.is(((await owner.get(`/organizations/${orgId}/members`)).body.items as unknown[]).length, 2);
  t.false(
    ((await owner.get(`/organizations/${orgId}/audit`)).body.items as Array<{ action: string }>).some(
      (entry) => entry.action === 'organization.deleted',
    ),
  );

  await payments.payIframe(started.body.iframeToken as string, 'success');
  await payments.whenSettled();
  t.like((await owner.get(`/organizations/${orgId}/payments/${payment.id}`)).body, { payment: { status: 'succeeded' } });
  t.is((await owner.delete(`/organizations/${orgId}`)).status, 204);

  const routes = organizationRoutes(orgId, membershipIds.get('money-coach@example.com')!, payment.id);
  for (const [index, route] of routes.entries()) {
    assertError(t, await route(owner), 404, 'OrganizationNotFound', `owner, route ${index}`);
    assertError(t, await route(coach), 404, 'OrganizationNotFound', `coach, route ${index}`);
  }
  for (const api of [owner, coach]) {
    const me = await api.get('/users/me');
    t.is(me.status, 200);
    t.false((me.body.memberships as Array<{ organizationId: string }>).some((m) => m.organizationId === orgId));
  }

  // A late notice for the deleted organization's payment: acknowledged, stored, flagged; its payment row is still there to be named.
  const late = await fetch(`${world.service.url}/payments/callbacks/paytr`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: paytrNotice(payments, payment.merchantReference, 'failed', '0'),
  });
  t.is(late.status, 200);
  t.is(await late.text(), 'OK');
  const flagged = world.service.logs
    .records()
    .filter((line) => line['msg'] === 'payment callback for a deleted organization: recorded, not applied');
  t.is(flagged.length, 1);
  t.like(flagged[0], { paymentId: payment.id, organizationId: orgId });
});

test('a link of a foreign, inactive or wrongly priced subscription is refused 422 and stores nothing, so the rightful organization still links it; deleting that organization cancels it at iyzico and a later renewal is only flagged', async (t) => {
  const { world, payments } = t.context;
  const rightful = payments.createSubscription({ amountMinor: 9900 });
  const inactive = payments.createSubscription({ amountMinor: 9900, status: 'UNPAID' });
  const attackerId = await world.seedUser('sub-attacker@example.com');
  const ownerId = await world.seedUser('sub-owner@example.com');
  const attacker = world.as(attackerId);
  const owner = world.as(ownerId);
  const attackerOrg = (await attacker.post('/organizations', { name: 'Attacker Gym' })).body.organization.id as string;
  const ownerOrg = (await owner.post('/organizations', { name: 'Rightful Gym' })).body.organization.id as string;
  const link = (api: ServiceApi, orgId: string, subscriptionReferenceCode: string, amountMinor: number, currency = 'TRY') =>
    api.post(`/organizations/${orgId}/payment-subscriptions`, {
      provider: 'iyzico',
      subscriptionReferenceCode,
      amountMinor,
      currency,
      description: 'Monthly membership',
    });

  for (const [what, answer] of [
    ['a reference iyzico does not know for this merchant', await link(attacker, attackerOrg, 'b2c3d4e5-0000-4000-8000-00000000f0re', 9900)],
    ['an inactive subscription', await link(attacker, attackerOrg, inactive.referenceCode, 9900)],
    ['another amount', await link(attacker, attackerOrg, rightful.referenceCode, 100)],
    ['another currency', await link(attacker, attackerOrg, rightful.referenceCode, 9900, 'USD')],
  ] as const) {
    assertError(t, answer, 422, 'SubscriptionNotVerified', what);
  }
  const linked = await link(owner, ownerOrg, rightful.referenceCode, 9900);
  t.is(linked.status, 201, JSON.stringify(linked.body));
  t.like(linked.body.subscription, { organizationId: ownerOrg, amountMinor: 9900, subscriptionReferenceCode: rightful.referenceCode });

  t.is((await owner.delete(`/organizations/${ownerOrg}`)).status, 204);
  // The cancellation at iyzico is a job committed with the delete.
  await world.service.server.settle();
  t.is(payments.subscription(rightful.referenceCode)?.status, 'CANCELED');
  await payments.sendSubscriptionOrder({
    subscriptionReferenceCode: rightful.referenceCode,
    orderReferenceCode: 'order-after-delete',
    customerReferenceCode: rightful.customerReferenceCode,
    outcome: 'success',
  });
  await payments.whenSettled();
  t.true(
    payments
      .deliveries()
      .filter((d) => d.kind === 'iyzico-subscription')
      .every((d) => d.accepted),
  );
  t.true(
    world.service.logs.records().some((line) => line['msg'] === 'subscription renewal for a deleted organization: recorded, not applied'),
  );
});

test('iyzico unreachable while linking answers 503 with Retry-After and stores nothing', async (t) => {
  const { world, payments } = t.context;
  const subscription = payments.createSubscription({ amountMinor: 4900 });
  const ownerId = await world.seedUser('sub-outage@example.com');
  const owner = world.as(ownerId);
  const orgId = (await owner.post('/organizations', { name: 'Outage Gym' })).body.organization.id as string;
  const body = {
    provider: 'iyzico',
    subscriptionReferenceCode: subscription.referenceCode,
    amountMinor: 4900,
    currency: 'TRY',
    description: 'Monthly',
  };
  payments.setDown(true);
  try {
    const answer = await fetch(`${world.service.url}/organizations/${orgId}/payment-subscriptions`, {
      method: 'POST',
      headers: { ...(await persona(ownerId)()), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    t.is(answer.status, 503);
    t.is(answer.headers.get('retry-after'), '30');
    t.like(await answer.json(), { code: 'PaymentProviderUnavailable', retryAfterSeconds: 30 });
  } finally {
    payments.setDown(false);
  }
  t.is((await owner.post(`/organizations/${orgId}/payment-subscriptions`, body)).status, 201, 'nothing was stored: the retry links it');
});
