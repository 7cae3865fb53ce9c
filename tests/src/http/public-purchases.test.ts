import anyTest, { type TestFn } from 'ava';
import { serviceDatabases } from '../persistence/support/backends.js';
import type { EmulatedService } from '../support/emulated-service.js';
import { startGymOnSale, visitorOrder as order, type GymOnSale } from '../support/gym-on-sale.js';
import { assertError, type ApiAnswer } from '../support/service-api.js';

// A visitor's purchase over real sockets, the providers played by the payments emulator; the
// Idempotency-Key cases on PGlite and PostgreSQL, since the key's claim is a database race (each
// its own gym, as the PostgreSQL cases share one scratch database).
const test = anyTest as TestFn<GymOnSale>;
const databases = serviceDatabases('the PostgreSQL Idempotency-Key purchase cases did not run: TEST_DATABASE_URL is not set');

test.before(async (t) => {
  t.context = await startGymOnSale('Purchase Gym', {});
});
test.after.always(async (t) => {
  await t.context.close?.();
});

/** A visitor's request: no credentials, JSON, and the key when given. */
const visit = async (world: EmulatedService, method: string, path: string, body?: unknown, key?: string): Promise<ApiAnswer> => {
  const response = await fetch(`${world.service.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
};

for (const database of databases) {
  test.serial(
    `the same purchase sent three times with one key makes one purchase and one payment, answering the same token (${database.label})`,
    async (t) => {
      const gym = await startGymOnSale('Key Gym', database.env());
      t.teardown(() => gym.close());
      const { world, orgId, ownerId, planId } = gym;
      const path = '/public/organizations/key-gym/purchases';
      const key = 'a3f1c9e2-4b7d-4e0a-9c51-000000000001';
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await visit(world, 'POST', path, order(planId), key));
      for (const answer of answers) t.is(answer.status, 201, JSON.stringify(answer.body));
      const [first] = answers;
      t.like(first?.body, { purchase: { status: 'awaiting_payment' } });
      t.regex(first?.body.payment.iframeUrl, /\/odeme\/guvenli\//);
      for (const answer of answers) t.deepEqual(answer.body, first?.body, 'the first answer, token included');
      const payments = await world.as(ownerId).get(`/organizations/${orgId}/payments`);
      t.is(payments.body.items.length, 1, 'one payment');
      t.like(payments.body.items[0], { amountMinor: 150000, currency: 'TRY', description: 'Monthly' });

      assertError(t, await visit(world, 'POST', path, order(planId, { email: 'other@example.com' }), key), 422, 'IdempotencyKeyReused');
      assertError(t, await visit(world, 'POST', path, order(planId)), 400, 'IdempotencyKeyRequired');
      assertError(t, await visit(world, 'POST', path, order(planId), 'short'), 400, 'IdempotencyKeyRequired');

      const status = await visit(
        world,
        'GET',
        `/public/purchases/${first?.body.purchase.id}?token=${encodeURIComponent(first?.body.statusToken)}`,
      );
      t.deepEqual(status.body, {
        purchase: { id: first?.body.purchase.id, status: 'awaiting_payment' },
        validUntil: null,
        next: 'pay',
        agreements: [],
      });
      const other = await visit(world, 'POST', path, order(planId), 'a3f1c9e2-4b7d-4e0a-9c51-000000000002');
      assertError(
        t,
        await visit(world, 'GET', `/public/purchases/${first?.body.purchase.id}?token=${encodeURIComponent(other.body.statusToken)}`),
        404,
        'PurchaseNotFound',
      );
      assertError(t, await visit(world, 'GET', `/public/purchases/${first?.body.purchase.id}?token=nonsense`), 404, 'PurchaseNotFound');
    },
  );

  test.serial(
    `five concurrent sends with one key make one purchase: one answer, repeated or 'in progress' (${database.label})`,
    async (t) => {
      const gym = await startGymOnSale('Race Gym', database.env());
      t.teardown(() => gym.close());
      const { world, orgId, ownerId, planId } = gym;
      const path = '/public/organizations/race-gym/purchases';
      const key = 'd3f1c9e2-4b7d-4e0a-9c51-000000000001';
      const answers = await Promise.all(Array.from({ length: 5 }, () => visit(world, 'POST', path, order(planId), key)));
      const created = answers.filter((answer) => answer.status === 201);
      t.true(created.length >= 1, JSON.stringify(answers));
      for (const answer of created) t.deepEqual(answer.body, created[0]?.body, 'every 201 is the first answer');
      for (const answer of answers.filter((each) => each.status !== 201)) assertError(t, answer, 409, 'IdempotencyKeyInProgress');
      const payments = await world.as(ownerId).get(`/organizations/${orgId}/payments`);
      t.is(payments.body.items.length, 1, 'one payment');
      const again = await visit(world, 'POST', path, order(planId), key);
      t.deepEqual(again.body, created[0]?.body, 'once settled, the key answers the first answer');
    },
  );
}

test.serial('iyzico 3DS: the card and the national ID reach the provider once and are never in an answer', async (t) => {
  const { world, planId } = t.context;
  const card = { holderName: 'Ayse Yilmaz', number: '5528790000000008', expireMonth: '12', expireYear: '2030', cvc: '123' };
  const path = '/public/organizations/purchase-gym/purchases';
  assertError(
    t,
    await visit(world, 'POST', path, order(planId, { provider: 'iyzico', card }), 'b3f1c9e2-4b7d-4e0a-9c51-000000000001'),
    409,
    'NationalIdRequired',
  );
  const started = await visit(
    world,
    'POST',
    path,
    order(planId, { provider: 'iyzico', card, nationalId: '10000000146' }),
    'b3f1c9e2-4b7d-4e0a-9c51-000000000002',
  );
  t.is(started.status, 201, JSON.stringify(started.body));
  t.true(typeof started.body.payment.threeDsHtmlContent === 'string');
  t.false(JSON.stringify(started.body).includes('10000000146'));
  t.false(JSON.stringify(started.body).includes('5528790000000008'));
});

test.serial('a bad body names its fields; an unknown organization or plan is 404', async (t) => {
  const { world, planId } = t.context;
  const key = 'c3f1c9e2-4b7d-4e0a-9c51-000000000001';
  const bad = await visit(world, 'POST', '/public/organizations/purchase-gym/purchases', { planId, email: 'nope', provider: 'cash' }, key);
  assertError(t, bad, 400, 'ValidationFailed');
  for (const field of ['email', 'name', 'locale', 'provider']) t.regex(bad.body.message, new RegExp(field));
  assertError(
    t,
    await visit(world, 'POST', '/public/organizations/no-such-gym/purchases', order(planId), key),
    404,
    'OrganizationNotFound',
  );
  const unknownPlan = order('00000000-0000-4000-8000-00000000dead');
  assertError(t, await visit(world, 'POST', '/public/organizations/purchase-gym/purchases', unknownPlan, `${key}x`), 404, 'PlanNotFound');
});

test('without the local stand-in, POST /dev/bot-check-tokens is not served', async (t) => {
  const { world } = t.context;
  assertError(t, await visit(world, 'POST', '/dev/bot-check-tokens'), 404, 'RouteNotFound');
});
