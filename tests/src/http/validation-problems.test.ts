import anyTest, { type TestFn } from 'ava';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';

// Values of personal data never appear in a validation problem: national IDs, card numbers, CVCs
// and tokens sent with the wrong type are named by their path only, in the whole answer.
const test = anyTest as TestFn<{ world: EmulatedService }>;

test.before(async (t) => {
  t.context = {
    world: await startEmulatedService({
      PAYMENTS_PROVIDERS: 'paytr',
      PAYTR_MERCHANT_ID: '123456',
      PAYTR_MERCHANT_KEY: 'paytr-validation-key',
      PAYTR_MERCHANT_SALT: 'paytr-validation-salt',
    }),
  };
});
test.after.always(async (t) => {
  await t.context.world?.close();
});

test('a national ID, card number, CVC or invitation token of the wrong type is named by path, and its value appears nowhere in the 400', async (t) => {
  const { world } = t.context;
  const ownerId = await world.seedUser('redaction-owner@example.com');
  const { orgId } = await organizationWithMembers(world, ownerId, 'Redaction Gym', []);
  const owner = world.as(ownerId);
  const card = { holderName: 'Ada Lovelace', number: 5528790000000008, expireMonth: '12', expireYear: '2030', cvc: 123 };
  const cases = [
    {
      what: 'a numeric national ID',
      send: () => owner.put('/users/me/national-id', { nationalId: 10000000078 }),
      values: ['10000000078'],
      paths: ['body.nationalId'],
    },
    {
      what: 'a numeric card number and CVC',
      send: () =>
        owner.post(`/organizations/${orgId}/payments`, {
          provider: 'iyzico',
          amountMinor: 1000,
          currency: 'TRY',
          description: 'Membership',
          card,
        }),
      values: ['5528790000000008', '123'],
      paths: ['body.card.number', 'body.card.cvc'],
    },
    {
      what: 'a numeric invitation token',
      send: () => owner.post('/invitations/accept', { token: 12345678901 }),
      values: ['12345678901'],
      paths: ['body.token'],
    },
    {
      what: 'a numeric token to decline',
      send: () => owner.post('/invitations/decline', { token: 12345678901 }),
      values: ['12345678901'],
      paths: ['body.token'],
    },
  ];
  for (const { what, send, values, paths } of cases) {
    const answer = await send();
    t.is(answer.status, 400, what);
    t.like(answer.body, { code: 'ValidationFailed' }, what);
    const whole = JSON.stringify(answer.body);
    for (const value of values) t.false(whole.includes(value), `${what}: ${value} is not in ${whole}`);
    for (const path of paths)
      t.true(
        (answer.body.problems as string[]).some((line) => line.startsWith(`${path}:`)),
        `${what}: ${path} is named`,
      );
  }
  t.false(world.service.logs.text().includes('10000000078'), 'nor in any log line');
});
