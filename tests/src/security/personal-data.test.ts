import anyTest, { type TestFn } from 'ava';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { adminFetch } from '@idv/idp-emulator/testing';
import { otherEvent, userCreatedEvent, userUpdatedEvent } from '@idv/core/testing';
import { startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { bearer, serviceApi, type ServiceApi } from '../support/service-api.js';

// A full run with every log line captured (trace level) must leave no plaintext
// national ID, bearer token, invitation token, webhook body, webhook signature or secret behind.
// The provider is the emulator (invitations go through its admin API); callers use real bearer tokens.
const test = anyTest as TestFn<{ world: EmulatedService; secrets: Record<string, string> }>;

const NATIONAL_ID = 'TR-98765432109';
const REJECTED_NATIONAL_ID = 'TR-55555!55555';
// Text only the webhook bodies we send carry.
const BODY_MARKERS = ['Mozilla/5.0', '192.168.1.100', 'body-marker-7f3a'];

test.before(async (t) => {
  const secrets = {
    INVITE_SECRET: randomBytes(32).toString('base64url'),
    NATIONAL_ID_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
  };
  // The bypass stays on in this harness, but no request below uses its headers.
  t.context = { world: await startEmulatedService({ LOG_LEVEL: 'trace', ...secrets }), secrets };
});
test.after.always(async (t) => {
  await t.context.world?.close();
});

test('a full run logs no national ID, token, webhook body, signature or secret', async (t) => {
  const { world, secrets } = t.context;
  const { emulator, service } = world;
  const mustNotAppear: [string, string][] = [];
  const tokens: string[] = [];
  const sessionToken = async (userId: string): Promise<string> => {
    const session = await adminFetch(emulator, 'POST', '/v1/sessions', { user_id: userId });
    const minted = await adminFetch(emulator, 'POST', `/v1/sessions/${session.body.id}/tokens`, {});
    tokens.push(minted.body.jwt as string);
    return minted.body.jwt as string;
  };
  const as = (userId: string): ServiceApi =>
    serviceApi(
      service.url,
      bearer(() => sessionToken(userId)),
    );
  const deliver = async (event: unknown, secret = emulator.webhookSecret) => {
    const body = JSON.stringify(event);
    const id = `msg_pd${randomBytes(6).toString('hex')}`;
    const at = new Date();
    const signature = new Webhook(secret).sign(id, at, body);
    mustNotAppear.push(['webhook body', body], ['webhook signature', signature.slice(3)]);
    const headers = {
      'content-type': 'application/json',
      'idp-webhook-id': id,
      'idp-webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'idp-webhook-signature': signature,
    };
    return (await fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers, body })).status;
  };

  // Users through the provider (its own signed deliveries), then our own deliveries: an update, an
  // ignored type, a forged one and a drifted one carrying a national ID.
  const ownerId = await world.seedUser('pd-owner@example.com');
  const memberId = await world.seedUser('pd-member@example.com');
  t.is(await deliver(userUpdatedEvent({ id: memberId, email: 'pd-member@example.com', updatedAt: Date.now() + 60_000 })), 200);
  t.is(await deliver(otherEvent('session.created', { object: 'session', id: 'sess_pd1', note: 'body-marker-7f3a' })), 200);
  t.is(
    await deliver(
      userCreatedEvent({ id: 'user_pdforged1', email: 'pd-forged@example.com' }),
      `whsec_${randomBytes(32).toString('base64')}`,
    ),
    400,
  );
  t.is(
    await deliver({
      ...userCreatedEvent({ id: 'user_pddrift1', email: 'pd-drift@example.com' }),
      data: { id: 'user_pddrift1', national_id: NATIONAL_ID, email_addresses: 'body-marker-7f3a' },
    }),
    400,
  );

  // The API with bearer tokens: /users/me, an organization, an invitation accepted, a national ID set and read.
  const owner = as(ownerId);
  const member = as(memberId);
  t.is((await owner.get('/users/me')).status, 200);
  const organization = await owner.post('/organizations', { name: 'Personal Data Gym' });
  t.is(organization.status, 201);
  const orgId = organization.body.organization.id as string;
  const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: 'pd-member@example.com', role: 'member' });
  t.is(invited.status, 201, JSON.stringify(invited.body));
  mustNotAppear.push(['invitation token', invited.body.token]);
  t.is((await member.post('/invitations/accept', { token: `${invited.body.token}x` })).status, 400);
  const accepted = await member.post('/invitations/accept', { token: invited.body.token });
  t.is(accepted.status, 200, JSON.stringify(accepted.body));
  const membershipId = accepted.body.membership.id as string;
  t.is((await member.put('/users/me/national-id', { nationalId: NATIONAL_ID })).status, 204);
  const compliance = await owner.get(`/organizations/${orgId}/members/${membershipId}/compliance`);
  t.is(compliance.status, 200);
  t.is(compliance.body.nationalId, NATIONAL_ID);
  t.is((await member.get(`/organizations/${orgId}/members/${membershipId}/compliance`)).status, 403);
  t.is((await member.get('/users/me')).body.memberships.length, 1);

  // Failures that carry personal data or credentials in the request.
  t.is((await member.put('/users/me/national-id', { nationalId: REJECTED_NATIONAL_ID })).status, 400);
  t.is((await member.put('/users/me/national-id', `{"nationalId":"${NATIONAL_ID}"`)).status, 400);
  const tampered = (await sessionToken(memberId)).replace(/\.[^.]*$/, '.AAAA');
  tokens.push(tampered);
  t.is(
    (
      await serviceApi(
        service.url,
        bearer(() => tampered),
      ).get('/users/me')
    ).status,
    401,
  );
  t.is(
    (
      await serviceApi(
        service.url,
        bearer(() => 'not-a-token'),
      ).get('/users/me')
    ).status,
    401,
  );

  const logged = service.logs.text();
  t.true(service.logs.lines.length > 20, 'the run was logged');
  for (const token of tokens) mustNotAppear.push(['bearer token', token], ['bearer token signature', token.split('.')[2]!]);
  mustNotAppear.push(
    ['national ID', NATIONAL_ID],
    ['national ID digits', NATIONAL_ID.slice(3)],
    ['refused national ID', REJECTED_NATIONAL_ID],
    ['webhook secret', emulator.webhookSecret.slice('whsec_'.length)],
    ['provider secret key', emulator.secretKey],
    ['invite secret', secrets['INVITE_SECRET']!],
    ['national ID encryption key', secrets['NATIONAL_ID_ENCRYPTION_KEY']!],
    ...BODY_MARKERS.map((marker): [string, string] => ['webhook body content', marker]),
  );
  const leaks = mustNotAppear.filter(([, value]) => logged.includes(value)).map(([what]) => what);
  t.deepEqual([...new Set(leaks)], []);
  t.log(`${service.logs.lines.length} log lines checked for ${mustNotAppear.length} values (${tokens.length} bearer tokens)`);
});
