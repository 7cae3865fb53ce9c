import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import anyTest, { type TestFn } from 'ava';
import { startGymOnSale, visitorOrder, type GymOnSale } from '../support/gym-on-sale.js';
import { assertError } from '../support/service-api.js';

// The service with a Turnstile key, its siteverify played by a local server over a real socket: every
// purchase needs a token siteverify passes, checked with the client's address by the trusted-proxy
// rule; siteverify down refuses (fails closed).
const SECRET = '0x4AAAAAAAservice-test-secret';
const PATH = '/public/organizations/turnstile-gym/purchases';

interface Siteverify {
  readonly url: string;
  readonly forms: URLSearchParams[];
  down: boolean;
  close(): Promise<void>;
}

// Passes `good-*` tokens for gym.example and the purchase action, once each; refuses anything else.
const startSiteverify = async (): Promise<Siteverify> => {
  const forms: URLSearchParams[] = [];
  const spent = new Set<string>();
  const state = { down: false };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      if (state.down) return void response.writeHead(503).end('<html>unavailable</html>');
      const form = new URLSearchParams(text);
      forms.push(form);
      const token = form.get('response') ?? '';
      const passes = form.get('secret') === SECRET && token.startsWith('good-') && !spent.has(token);
      spent.add(token);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          passes
            ? { success: true, 'error-codes': [], hostname: 'gym.example', action: 'purchase' }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`,
    forms,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
};

const test = anyTest as TestFn<{ gym: GymOnSale; siteverify: Siteverify }>;

test.before(async (t) => {
  const siteverify = await startSiteverify();
  const gym = await startGymOnSale('Turnstile Gym', {
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_HOSTNAMES: 'gym.example',
    TURNSTILE_SITEVERIFY_URL: siteverify.url,
    TRUSTED_PROXY_HOPS: '1',
  });
  t.context = { gym, siteverify };
});
test.after.always(async (t) => {
  await t.context.gym?.close();
  await t.context.siteverify?.close();
});

const buy = async (gym: GymOnSale, body: unknown, key: string) => {
  const response = await fetch(`${gym.world.service.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': '203.0.113.50' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

test.serial('with a Turnstile key, a purchase needs a token siteverify passes, sent with the secret and the client address', async (t) => {
  const { gym, siteverify } = t.context;
  const order = visitorOrder(gym.planId, { email: 'turnstile@example.com' });
  assertError(t, await buy(gym, order, 'turnstile-key-0001'), 403, 'BotCheckFailed', 'no token');
  assertError(t, await buy(gym, { ...order, botCheckToken: 'bad-1' }, 'turnstile-key-0002'), 403, 'BotCheckFailed', 'refused');
  const bought = await buy(gym, { ...order, botCheckToken: 'good-1' }, 'turnstile-key-0003');
  t.is(bought.status, 201, JSON.stringify(bought.body));
  t.deepEqual(Object.fromEntries(siteverify.forms.at(-1)!), { secret: SECRET, response: 'good-1', remoteip: '203.0.113.50' });
  assertError(t, await buy(gym, { ...order, botCheckToken: 'good-1' }, 'turnstile-key-0004'), 403, 'BotCheckFailed', 'replayed');
});

test.serial('siteverify down: the purchase is refused, never let through', async (t) => {
  const { gym, siteverify } = t.context;
  siteverify.down = true;
  try {
    const order = visitorOrder(gym.planId, { email: 'closed@example.com', botCheckToken: 'good-2' });
    assertError(t, await buy(gym, order, 'turnstile-key-0005'), 403, 'BotCheckFailed');
  } finally {
    siteverify.down = false;
  }
});
