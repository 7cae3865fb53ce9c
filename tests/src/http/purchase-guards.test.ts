import anyTest, { type TestFn } from 'ava';
import type { EmulatedService } from '../support/emulated-service.js';
import { standInToken, startGymOnSale, visitorOrder, type GymOnSale } from '../support/gym-on-sale.js';
import { assertError } from '../support/service-api.js';

// The guards of the public purchase over real sockets: the bot check (the local stand-in, its tokens
// fetched over HTTP as a page's challenge would give them), the per-address and per-email budgets, and
// the optional bearer. One proxy hop is trusted, so each test buys from its own address.
const test = anyTest as TestFn<GymOnSale>;

const PATH = '/public/organizations/guarded-gym/purchases';
const MEMBER = 'guarded-member@example.com';

test.before(async (t) => {
  t.context = await startGymOnSale(
    'Guarded Gym',
    { BOT_CHECK_LOCAL: 'true', TRUSTED_PROXY_HOPS: '1', PURCHASE_LIMIT_EMAIL_PER_HOUR: '2', PURCHASE_LIMIT_ADDRESS_PER_HOUR: '3' },
    [MEMBER],
  );
});
test.after.always(async (t) => t.context.close?.());

interface Answer {
  readonly status: number;
  readonly body: any;
  readonly headers: Headers;
}

/** A visitor's purchase from `address` (seen through the trusted proxy), with the key and any extra headers. */
const buy = async (
  world: EmulatedService,
  address: string,
  body: unknown,
  key: string,
  headers: Record<string, string> = {},
): Promise<Answer> => {
  const response = await fetch(`${world.service.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': address, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
};

const order = visitorOrder;

test('with the bot check on, a purchase without a token, with a made-up one or with a spent one is 403 BotCheckFailed', async (t) => {
  const { world, planId } = t.context;
  const address = '198.51.100.10';
  const body = order(planId, { email: 'bots@example.com' });
  assertError(t, await buy(world, address, body, 'bot-key-0001'), 403, 'BotCheckFailed', 'missing');
  assertError(t, await buy(world, address, { ...body, botCheckToken: 'local_made-up' }, 'bot-key-0002'), 403, 'BotCheckFailed', 'invalid');
  const token = await standInToken(world);
  const first = await buy(world, address, { ...body, botCheckToken: token }, 'bot-key-0003');
  t.is(first.status, 201, JSON.stringify(first.body));
  assertError(t, await buy(world, address, { ...body, botCheckToken: token }, 'bot-key-0004'), 403, 'BotCheckFailed', 'replayed');
});

test('a 403 is not kept under its key: the same key with a fresh token buys; resent with its spent token it answers the same purchase', async (t) => {
  const { world, planId } = t.context;
  const address = '198.51.100.11';
  const body = order(planId, { email: 'retry@example.com' });
  assertError(t, await buy(world, address, { ...body, botCheckToken: 'local_expired' }, 'retry-key-0001'), 403, 'BotCheckFailed');
  const token = await standInToken(world);
  const bought = await buy(world, address, { ...body, botCheckToken: token }, 'retry-key-0001');
  t.is(bought.status, 201, JSON.stringify(bought.body));
  const again = await buy(world, address, { ...body, botCheckToken: token }, 'retry-key-0001');
  t.is(again.status, 201);
  t.deepEqual(again.body, bought.body, 'the first answer again: the token is not part of the request');
});

test('past the email budget a purchase is 429 PurchaseRateLimited with Retry-After; another email still buys', async (t) => {
  const { world, planId } = t.context;
  const address = '198.51.100.12';
  const body = order(planId, { email: 'eager@example.com' });
  for (const key of ['eager-key-0001', 'eager-key-0002'])
    t.is((await buy(world, address, { ...body, botCheckToken: await standInToken(world) }, key)).status, 201);
  const limited = await buy(world, address, { ...body, botCheckToken: await standInToken(world) }, 'eager-key-0003');
  assertError(t, limited, 429, 'PurchaseRateLimited');
  t.regex(limited.headers.get('retry-after') ?? '', /^[1-9][0-9]*$/);
  const other = await buy(
    world,
    address,
    { ...body, email: 'patient@example.com', botCheckToken: await standInToken(world) },
    'eager-key-0004',
  );
  t.is(other.status, 201, 'the third purchase of this address');
});

test('past the address budget every email is 429 from that address; another address still buys', async (t) => {
  const { world, planId } = t.context;
  const address = '198.51.100.13';
  for (const n of [1, 2, 3]) {
    const answer = await buy(
      world,
      address,
      order(planId, { email: `crowd${n}@example.com`, botCheckToken: await standInToken(world) }),
      `crowd-key-000${n}`,
    );
    t.is(answer.status, 201);
  }
  const fourth = order(planId, { email: 'crowd4@example.com', botCheckToken: await standInToken(world) });
  assertError(t, await buy(world, address, fourth, 'crowd-key-0004'), 429, 'PurchaseRateLimited');
  const elsewhere = order(planId, { email: 'crowd4@example.com', botCheckToken: await standInToken(world) });
  t.is((await buy(world, '198.51.100.14', elsewhere, 'crowd-key-0005')).status, 201);
});

test('a signed-in member is 409 AlreadyMember before any payment; an invalid bearer is 401; anonymously the same email buys', async (t) => {
  const { world, planId, memberIds } = t.context;
  const memberId = memberIds.get(MEMBER)!;
  const address = '198.51.100.15';
  const body = order(planId, { email: MEMBER });
  const member = await buy(world, address, { ...body, botCheckToken: await standInToken(world) }, 'member-key-0001', {
    'x-test-user-id': memberId,
  });
  assertError(t, member, 409, 'AlreadyMember');
  const invalid = await buy(world, address, { ...body, botCheckToken: await standInToken(world) }, 'member-key-0002', {
    authorization: 'Bearer not-a-token',
  });
  assertError(t, invalid, 401, 'Unauthenticated');
  const anonymous = await buy(world, address, { ...body, botCheckToken: await standInToken(world) }, 'member-key-0003');
  t.is(anonymous.status, 201, 'an anonymous buyer is never told the address is a member');
});

test("the same key and body from another buyer is not the same request: 422, never the first buyer's answer", async (t) => {
  const { world, planId, memberIds } = t.context;
  const memberId = memberIds.get(MEMBER)!;
  const address = '198.51.100.16';
  const body = order(planId, { email: 'shared-key@example.com' });
  const member = await buy(world, address, { ...body, botCheckToken: await standInToken(world) }, 'shared-key-0001', {
    'x-test-user-id': memberId,
  });
  assertError(t, member, 409, 'AlreadyMember');
  assertError(
    t,
    await buy(world, address, { ...body, botCheckToken: await standInToken(world) }, 'shared-key-0001'),
    422,
    'IdempotencyKeyReused',
  );
});
