import anyTest, { type TestFn } from 'ava';
import { adminFetch } from '@idv/idp-emulator/testing';
import { startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { assertError } from '../support/service-api.js';

// Invitations match only a verified primary address, over real sockets: a stranger who signs up with
// an invited address and never verifies it neither sees nor answers the invitation.
const test = anyTest as TestFn<{ world: EmulatedService }>;

test.before(async (t) => {
  t.context = { world: await startEmulatedService() };
});
test.after.always(async (t) => {
  await t.context.world?.close();
});

/** A provider sign-up with `email` that has not verified it (emits `user.created`); its user id and address id. */
const unverifiedSignUp = async (world: EmulatedService, email: string): Promise<{ idpId: string; addressId: string }> => {
  const created = await adminFetch(world.emulator, 'POST', '/_emulator/sign-ups', { email_address: [email] });
  if (created.status !== 200) throw new Error(`signing up ${email} answered ${created.status}`);
  await world.emulator.whenSettled(60_000);
  return { idpId: created.body.id as string, addressId: created.body.primary_email_address_id as string };
};

const anOrganizationOf = async (world: EmulatedService, ownerEmail: string, name: string) => {
  const ownerId = await world.seedUser(ownerEmail);
  const owner = world.as(ownerId);
  const created = await owner.post('/organizations', { name });
  return { owner, orgId: created.body.organization.id as string };
};

test('an unverified sign-up on an invited address lists no invitation (200, empty) and gets 403 EmailNotVerified on accept and decline, by id or token', async (t) => {
  const { world } = t.context;
  const { owner, orgId } = await anOrganizationOf(world, 'squat-owner@example.com', 'Squatted Gym');
  const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: 'squatted@example.com', role: 'admin' });
  t.is(invited.status, 201);
  t.is(invited.body.membership.status, 'invited');
  const { invitation, token } = invited.body as { invitation: { id: string }; token: string };

  const squatter = world.as((await unverifiedSignUp(world, 'squatted@example.com')).idpId);
  const mine = await squatter.get('/users/me/invitations');
  t.is(mine.status, 200);
  t.deepEqual(mine.body, { items: [] });
  assertError(t, await squatter.post('/invitations/accept', { invitationId: invitation.id }), 403, 'EmailNotVerified');
  assertError(t, await squatter.post('/invitations/accept', { token }), 403, 'EmailNotVerified');
  assertError(t, await squatter.post('/invitations/decline', { invitationId: invitation.id }), 403, 'EmailNotVerified');
  assertError(t, await squatter.post('/invitations/decline', { token }), 403, 'EmailNotVerified');

  const me = await squatter.get('/users/me');
  t.deepEqual(me.body.memberships, [], 'user.created did not accept it either');
  const listed = await owner.get(`/organizations/${orgId}/invitations`);
  t.like(
    listed.body.items.find((item: { id: string }) => item.id === invitation.id),
    { status: 'pending' },
  );
});

test('the user.updated that reports the address verified accepts the path-1 invitation automatically', async (t) => {
  const { world } = t.context;
  const { owner, orgId } = await anOrganizationOf(world, 'late-owner@example.com', 'Patient Gym');
  const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: 'late-verifier@example.com', role: 'coach' });
  t.is(invited.status, 201);
  const { idpId, addressId } = await unverifiedSignUp(world, 'late-verifier@example.com');
  const invitee = world.as(idpId);
  t.deepEqual((await invitee.get('/users/me')).body.memberships, []);

  t.is((await adminFetch(world.emulator, 'PATCH', `/v1/email_addresses/${addressId}`, { verified: true })).status, 200);
  await world.emulator.whenSettled(60_000);
  const me = await invitee.get('/users/me');
  t.like(me.body.memberships, [{ organizationId: orgId, role: 'coach', status: 'active' }]);
  t.deepEqual((await invitee.get('/users/me/invitations')).body, { items: [] }, 'nothing left to answer');
});

test('inviting the address of a provider user who has not verified it takes path 1: the provider mails a sign-up ticket', async (t) => {
  const { world } = t.context;
  const { owner, orgId } = await anOrganizationOf(world, 'path-owner@example.com', 'Careful Gym');
  await unverifiedSignUp(world, 'unproven@example.com');
  const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: 'unproven@example.com', role: 'member' });
  t.is(invited.status, 201);
  t.is(invited.body.membership.status, 'invited');
  const mailed = await adminFetch(world.emulator, 'GET', '/_emulator/emails?to=unproven%40example.com');
  t.is(mailed.body.length, 1, 'the provider mailed the sign-up ticket');
});

test('the OpenAPI document declares 403 EmailNotVerified on accept and decline', async (t) => {
  const document = (await (await fetch(`${t.context.world.service.url}/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          responses: Record<
            string,
            { content: { 'application/json': { schema: { allOf: Array<{ properties?: { code?: { enum?: string[] } } }> } } } }
          >;
        }
      >
    >;
  };
  for (const path of ['/invitations/accept', '/invitations/decline']) {
    const forbidden = document.paths[path]?.['post']?.responses['403'];
    t.true(forbidden?.content['application/json'].schema.allOf[1]?.properties?.code?.enum?.includes('EmailNotVerified'), path);
  }
});
