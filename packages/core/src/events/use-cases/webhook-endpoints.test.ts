import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import { emitEvent } from '../emit-event.js';
import { eventsArea } from '../events-area.js';
import type { FeedPosition } from '../feed-position.js';

const scene = async () => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', cole: 'coach' });
  return { world, organization, owner, members, events: eventsArea(world) };
};

test('an owner creates an endpoint: the secret is answered once and stored sealed, never in clear', async (t) => {
  const { world, organization, owner, events } = await scene();
  const created = await events.createWebhookEndpoint(owner.auth, organization.id, { url: 'https://crm.example.com/in' })();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  const { endpoint, secret } = created.right;
  t.regex(secret, /^whsec_/);
  t.like(endpoint, { url: 'https://crm.example.com/in', eventTypes: [], enabled: true, organizationId: organization.id });
  t.not(endpoint.secret as string, secret);
  t.is(await world.endpointSecretVault.open(endpoint.id, endpoint.secret), secret);
});

test('integrations.manage: an admin may manage endpoints, a coach may not', async (t) => {
  const { organization, members, events } = await scene();
  t.is(outcome(await events.createWebhookEndpoint(members.ada.auth, organization.id, { url: 'https://a.example.com' })()), 'Right');
  t.is(outcome(await events.createWebhookEndpoint(members.cole.auth, organization.id, { url: 'https://a.example.com' })()), 'Forbidden');
  t.is(outcome(await events.readEventFeed(members.cole.auth, organization.id, undefined, 10)()), 'Forbidden');
});

test('a URL the policy refuses is EndpointUrlRefused at creation and at update, naming the reason', async (t) => {
  const { world, organization, owner, events } = await scene();
  world.endpointUrlPolicy.refusals.set('https://10.0.0.8/hooks', 'private-address');
  const refused = await events.createWebhookEndpoint(owner.auth, organization.id, { url: 'https://10.0.0.8/hooks' })();
  t.like(refused, { left: { _tag: 'EndpointUrlRefused', reason: 'private-address' } });
  const created = await events.createWebhookEndpoint(owner.auth, organization.id, { url: 'https://crm.example.com/in' })();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  const moved = await events.updateWebhookEndpoint(owner.auth, organization.id, created.right.endpoint.id, {
    url: 'https://10.0.0.8/hooks',
  })();
  t.like(moved, { left: { _tag: 'EndpointUrlRefused' } });
});

test('without a key to seal secrets, creation is refused with WebhookSecretsUnavailable naming why; nothing is stored', async (t) => {
  const { world, organization, owner } = await scene();
  const events = eventsArea({
    ...world,
    endpointSecretVault: Object.assign(Object.create(world.endpointSecretVault) as typeof world.endpointSecretVault, {
      unavailable: 'WEBHOOK_SECRETS_KEY is not set',
    }),
  });
  const refused = await events.createWebhookEndpoint(owner.auth, organization.id, { url: 'https://crm.example.com/in' })();
  t.like(refused, { left: { _tag: 'WebhookSecretsUnavailable', message: 'WEBHOOK_SECRETS_KEY is not set' } });
  const listed = await events.listWebhookEndpoints(owner.auth, organization.id, { limit: 10 })();
  t.like(listed, { right: { items: [] } });
});

test('rotation answers a new secret and keeps the old one signing for 24 h; another organization’s endpoint is not found', async (t) => {
  const { world, organization, owner, events } = await scene();
  const created = await events.createWebhookEndpoint(owner.auth, organization.id, { url: 'https://crm.example.com/in' })();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  const rotated = await events.rotateEndpointSecret(owner.auth, organization.id, created.right.endpoint.id)();
  if (E.isLeft(rotated)) return t.fail(rotated.left._tag);
  t.not(rotated.right.secret, created.right.secret);
  t.deepEqual(rotated.right.endpoint.previousSecretExpiresAt, new Date(world.clock.now().getTime() + 86_400_000));
  const other = await anOrganization(world, {}, 'Other Gym');
  t.is(
    outcome(await events.getWebhookEndpoint(other.owner.auth, other.organization.id, created.right.endpoint.id)()),
    'WebhookEndpointNotFound',
  );
  t.is(outcome(await events.deleteWebhookEndpoint(owner.auth, organization.id, created.right.endpoint.id)()), 'Right');
  t.is(outcome(await events.deleteWebhookEndpoint(owner.auth, organization.id, created.right.endpoint.id)()), 'WebhookEndpointNotFound');
});

test('the feed pages in order; at the end it answers the reader’s own cursor', async (t) => {
  const { world, organization, owner, events } = await scene();
  await emitEvent(world, 'organization.deleted', organization.id, {
    organizationId: organization.id,
    deletedAt: world.clock.now().toISOString(),
  });
  const first = await events.readEventFeed(owner.auth, organization.id, undefined, 2)();
  if (E.isLeft(first)) return t.fail(first.left._tag);
  t.deepEqual(
    first.right.items.map((event) => event.type),
    ['organization.created', 'membership.created'],
  );
  const rest = await events.readEventFeed(owner.auth, organization.id, first.right.nextCursor as FeedPosition, 10)();
  if (E.isLeft(rest)) return t.fail(rest.left._tag);
  t.deepEqual(
    rest.right.items.map((event) => event.type),
    ['organization.deleted'],
  );
  const end = await events.readEventFeed(owner.auth, organization.id, rest.right.nextCursor as FeedPosition, 10)();
  t.like(end, { right: { items: [], nextCursor: rest.right.nextCursor } });
});
