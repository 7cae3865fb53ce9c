import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import anyTest, { type TestFn } from 'ava';
import { PurchaseWatchError, startPurchase, watchPurchase, type PurchaseOrder, type PurchaseProgress } from '@idv/client';
import type { EmulatedService } from '../support/emulated-service.js';
import { standInToken, startGymOnSale, visitorOrder, type GymOnSale } from '../support/gym-on-sale.js';

// `@idv/client`'s purchase helpers against the real service over sockets (the bot check's local
// stand-in on, the providers played by the payments emulator). A proxy in front decides what each
// send meets: forwarded, refused 503 before the service, or answered by the service and then lost.
const test = anyTest as TestFn<GymOnSale>;

const SLUG = 'client-gym';

test.before(async (t) => {
  t.context = await startGymOnSale('Client Gym', { BOT_CHECK_LOCAL: 'true' });
});
test.after.always(async (t) => t.context.close?.());

type Fate = 'forward' | 'refuse' | 'lose';

/** A proxy whose n-th request meets `fates[n]` (forwarded once they run out); it records each request's Idempotency-Key. */
const startProxy = async (target: string, fates: readonly Fate[]): Promise<{ url: string; keys: string[]; close(): Promise<void> }> => {
  const keys: string[] = [];
  const server: Server = createServer((request, response) => {
    const fate = fates[keys.length] ?? 'forward';
    keys.push(String(request.headers['idempotency-key']));
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      if (fate === 'refuse') {
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"ServiceUnavailable","message":"down"}');
        return;
      }
      const answer = await fetch(`${target}${request.url}`, {
        method: request.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(
            (entry): entry is [string, string] =>
              typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
          ),
        ),
        ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
      });
      const body = await answer.text();
      // The service answered; the buyer never hears it.
      if (fate === 'lose') return void request.socket.destroy();
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keys,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
};

const order = (planId: string, email: string, botCheckToken?: string): PurchaseOrder =>
  visitorOrder(planId, { email, ...(botCheckToken === undefined ? {} : { botCheckToken }) });

const noWait = async () => undefined;

/** How many payments the organization has, as its owner lists them. */
const paymentCount = async (t: { context: { world: EmulatedService; ownerId: string; orgId: string } }): Promise<number> => {
  const listed = await t.context.world.as(t.context.ownerId).get(`/organizations/${t.context.orgId}/payments`);
  return (listed.body.items as unknown[]).length;
};

test.serial('startPurchase keeps its Idempotency-Key across a 503 and a lost answer: one purchase, one payment', async (t) => {
  const { world, planId } = t.context;
  const before = await paymentCount(t);
  const proxy = await startProxy(world.service.url, ['refuse', 'lose']);
  try {
    const delays: number[] = [];
    const started = await startPurchase({
      baseUrl: proxy.url,
      slug: SLUG,
      order: order(planId, 'kept-key@example.com', await standInToken(world)),
      retryDelayMs: 100,
      wait: async (ms) => void delays.push(ms),
    });
    if (!started.ok) return t.fail(`${started.status} ${started.code}`);
    t.is(proxy.keys.length, 3);
    t.deepEqual(new Set(proxy.keys), new Set([started.idempotencyKey]), 'every send carried the one key');
    t.deepEqual(delays, [100, 200], 'backoff between the sends');
    t.is(started.purchase.status, 'awaiting_payment');
    t.is(await paymentCount(t), before + 1, 'the lost first answer made the only payment');
  } finally {
    await proxy.close();
  }
});

test.serial(
  'a refusal is answered with its key, never retried by itself; sent again under that key with a fresh token it buys',
  async (t) => {
    const { world, planId } = t.context;
    const proxy = await startProxy(world.service.url, []);
    try {
      const refused = await startPurchase({ baseUrl: proxy.url, slug: SLUG, order: order(planId, 'refused@example.com'), wait: noWait });
      t.like(refused, { ok: false, status: 403, code: 'BotCheckFailed' });
      t.is(proxy.keys.length, 1, "a 403 is the buyer's to answer");
      const again = await startPurchase({
        baseUrl: proxy.url,
        slug: SLUG,
        order: order(planId, 'refused@example.com', await standInToken(world)),
        idempotencyKey: refused.idempotencyKey,
        wait: noWait,
      });
      t.like(again, { ok: true, idempotencyKey: refused.idempotencyKey });
    } finally {
      await proxy.close();
    }
  },
);

test.serial('watchPurchase polls with backoff until a terminal status, and stops at a status the caller names', async (t) => {
  const { world, payments, planId } = t.context;
  const started = await startPurchase({
    baseUrl: world.service.url,
    slug: SLUG,
    order: order(planId, 'watched@example.com', await standInToken(world)),
  });
  if (!started.ok) return t.fail(`${started.status} ${started.code}`);
  const watch = { baseUrl: world.service.url, purchaseId: started.purchase.id, statusToken: started.statusToken };

  const awaiting = await watchPurchase({ ...watch, until: ['awaiting_payment'] });
  t.like(awaiting, { purchase: { id: started.purchase.id, status: 'awaiting_payment' }, next: 'pay' });

  // The payer's bank refuses once the watch has seen the purchase waiting: the watch then ends at `failed`.
  const seen: PurchaseProgress[] = [];
  const delays: number[] = [];
  let waiting!: () => void;
  const firstPoll = new Promise<void>((resolve) => (waiting = resolve));
  const watched = watchPurchase({
    ...watch,
    intervalMs: 10,
    maxIntervalMs: 40,
    onProgress: (progress) => {
      seen.push(progress);
      waiting();
    },
    wait: async (ms) => {
      delays.push(ms);
      await new Promise((resolve) => setImmediate(resolve));
    },
  });
  await firstPoll;
  const iframeToken = started.payment.iframeUrl!.split('/').pop()!;
  t.like(await payments.payIframe(iframeToken, 'failed'), { status: 200, accepted: true });
  const ended = await watched;
  t.is(ended.purchase.status, 'failed');
  t.is(seen[0]?.purchase.status, 'awaiting_payment');
  t.is(seen.at(-1)?.purchase.status, 'failed');
  t.true(
    delays.every((ms, i) => ms <= 40 && (i === 0 || ms >= delays[i - 1]!)),
    `doubling up to the cap: ${delays.join(',')}`,
  );
});

test.serial("watchPurchase with a token that is not the purchase's rejects PurchaseWatchError 404", async (t) => {
  const { world } = t.context;
  const error = await t.throwsAsync(
    watchPurchase({ baseUrl: world.service.url, purchaseId: '00000000-0000-4000-8000-000000000001', statusToken: 'nope', wait: noWait }),
    { instanceOf: PurchaseWatchError },
  );
  t.like(error?.failure, { status: 404, code: 'PurchaseNotFound' });
});
