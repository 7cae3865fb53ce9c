import anyTest, { type TestFn } from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { userCreatedEvent } from '@idv/core/testing';
import { loadConfig } from '@idv/server';
import { organizationWithMembers, startEmulatedService } from '../support/emulated-service.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';

// Abuse limits over HTTP on the real server (in memory: no REDIS_URL).
const test = anyTest as TestFn<{ provider: TestProvider }>;

test.before(async (t) => {
  t.context = { provider: await startTestProvider() };
});
test.after.always(async (t) => {
  await t.context.provider?.close();
});

const webhook = (service: ServiceUnderTest, provider: TestProvider, n: number) => {
  const body = JSON.stringify(userCreatedEvent({ id: `user_abuse${n}` }));
  return fetch(`${service.url}/webhooks/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...provider.sign(body) },
    body,
  });
};

/** A delivery whose signature does not verify: what spends the webhook's budget. */
const forged = (service: ServiceUnderTest, n: number, headers: Record<string, string> = {}) => {
  const body = JSON.stringify(userCreatedEvent({ id: `user_forged${n}` }));
  return fetch(`${service.url}/webhooks/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idp-webhook-id': `msg_forged${n}`,
      'idp-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'idp-webhook-signature': 'v1,Zm9yZ2Vk',
      ...headers,
    },
    body,
  });
};

test('the defaults: 6,000 public requests a minute per source; 100/h per organization, 30/h per inviter, 3/day per recipient, one resend a minute; 20 purchases an hour per address, 5 per email', (t) => {
  const config = loadConfig({});
  if (E.isLeft(config)) return t.fail(config.left.join('\n'));
  t.deepEqual(config.right.rateLimits, {
    keyPrefix: 'idv:rl',
    public: { points: 6_000, windowSeconds: 60 },
    trustedProxyHops: 0,
    invitations: {
      organization: { points: 100, windowSeconds: 3600 },
      inviter: { points: 30, windowSeconds: 3600 },
      recipient: { points: 3, windowSeconds: 86_400 },
      resend: { points: 1, windowSeconds: 60 },
    },
    purchases: {
      address: { points: 20, windowSeconds: 3600 },
      email: { points: 5, windowSeconds: 3600 },
    },
  });
});

test('bad limit settings refuse to start with one line each; REDIS_URL is never echoed', (t) => {
  const config = loadConfig({
    REDIS_URL: 'http://user:hunter2@cache:6379',
    PUBLIC_RATE_LIMIT_POINTS: '0',
    PUBLIC_RATE_LIMIT_WINDOW_SECONDS: 'soon',
    TRUSTED_PROXY_HOPS: '-1',
    INVITATION_LIMIT_RECIPIENT_PER_DAY: '1.5',
  });
  t.deepEqual(E.isLeft(config) ? [...config.left].sort() : [], [
    'INVITATION_LIMIT_RECIPIENT_PER_DAY: expected a whole number from 1 to 1000000, got "1.5"',
    'PUBLIC_RATE_LIMIT_POINTS: expected a whole number from 1 to 1000000, got "0"',
    'PUBLIC_RATE_LIMIT_WINDOW_SECONDS: expected a whole number from 1 to 1000000, got "soon"',
    'REDIS_URL: expected a redis:// or rediss:// URL, got [REDACTED]',
    'TRUSTED_PROXY_HOPS: expected a whole number from 0 to 10, got "-1"',
  ]);
});

// Each of these starts a service on its own embedded database: one at a time, so that a loaded machine
// (CI runs files side by side) never has three PGlite instances competing to open.
test.serial(
  'POST /webhooks/idp: signed deliveries past PUBLIC_RATE_LIMIT_POINTS all answer 200; bad ones spend the budget and then get 429 with Retry-After; /health never does',
  async (t) => {
    const service = await startServiceUnderTest(
      providerEnv(t.context.provider, { PUBLIC_RATE_LIMIT_POINTS: '5', PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '120' }),
    );
    t.teardown(() => service.close());
    const signed: number[] = [];
    for (let n = 0; n < 50; n += 1) signed.push((await webhook(service, t.context.provider, n)).status);
    t.deepEqual(signed, Array<number>(50).fill(200), 'fifty signed deliveries from one address against a budget of five');
    for (let n = 0; n < 5; n += 1) t.is((await forged(service, n)).status, 400);
    const refused = await forged(service, 5);
    t.is(refused.status, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    t.true(retryAfter >= 1 && retryAfter <= 120, `Retry-After ${retryAfter} is within the 120 s window`);
    t.like(await refused.json(), { statusCode: 429, error: 'Too Many Requests', code: 'RateLimited', retryAfterSeconds: retryAfter });
    t.is((await webhook(service, t.context.provider, 50)).status, 200, 'a signed delivery from the blocked address still passes');
    for (let n = 0; n < 20; n += 1) t.is((await fetch(`${service.url}/health`)).status, 200);
    t.is((await fetch(`${service.url}/health/ready`)).status, 200);
  },
);

test.serial('behind TRUSTED_PROXY_HOPS=1 each forwarded client has its own budget', async (t) => {
  const service = await startServiceUnderTest(providerEnv(t.context.provider, { PUBLIC_RATE_LIMIT_POINTS: '1', TRUSTED_PROXY_HOPS: '1' }));
  t.teardown(() => service.close());
  const from = (address: string, n: number) => forged(service, n, { 'x-forwarded-for': address });
  t.is((await from('198.51.100.1', 1)).status, 400);
  t.is((await from('198.51.100.1', 2)).status, 429);
  t.is((await from('198.51.100.2', 3)).status, 400);
});

test.serial(
  'a resend inside the cooldown answers 429 InvitationRateLimited with Retry-After; the recipient budget spans organizations',
  async (t) => {
    const world = await startEmulatedService({ INVITATION_LIMIT_RECIPIENT_PER_DAY: '2', INVITATION_RESEND_COOLDOWN_SECONDS: '60' });
    t.teardown(() => world.close());
    const ownerId = await world.seedUser('limits-owner@example.com');
    const owner = world.as(ownerId);
    const { orgId } = await organizationWithMembers(world, ownerId, 'Limits Gym', []);
    const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: 'limits-invitee@example.com', role: 'member' });
    t.is(invited.status, 201);
    t.is((await owner.post(`/organizations/${orgId}/invitations/${invited.body.invitation.id}/resend`)).status, 200);
    const response = await fetch(`${world.service.url}/organizations/${orgId}/invitations/${invited.body.invitation.id}/resend`, {
      method: 'POST',
      headers: { 'x-test-user-id': ownerId },
    });
    t.is(response.status, 429);
    const retryAfter = Number(response.headers.get('retry-after'));
    t.true(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    t.deepEqual(await response.json(), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many invitations; try again later',
      code: 'InvitationRateLimited',
      retryAfterSeconds: retryAfter,
    });
    // The invitation and its resend spent the recipient's 2 a day: another organization must wait.
    const { orgId: otherOrgId } = await organizationWithMembers(world, ownerId, 'Other Gym', []);
    const elsewhere = await owner.post(`/organizations/${otherOrgId}/invitations`, { email: 'LIMITS-invitee@example.com', role: 'member' });
    t.is(elsewhere.status, 429);
    t.is(elsewhere.body.code, 'InvitationRateLimited');
    t.true(elsewhere.body.retryAfterSeconds > 86_000);
    t.is((await owner.post(`/organizations/${otherOrgId}/invitations`, { email: 'someone-else@example.com', role: 'member' })).status, 201);
  },
);
