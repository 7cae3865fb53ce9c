import anyTest, { type TestFn } from 'ava';
import { adminFetch } from '@idv/idp-emulator/testing';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { type ApiAnswer, assertError, bearer, serviceApi, type ServiceApi } from '../support/service-api.js';

// Organization rules over real sockets: deleted users on organization routes, owners deleting themselves,
// national IDs that never leak, and request validation that never becomes a 500.
const test = anyTest as TestFn<{ world: EmulatedService }>;

test.before(async (t) => {
  t.context = { world: await startEmulatedService() };
});
test.after.always(async (t) => {
  await t.context.world?.close();
});

/** A real provider session of `idpId`: its token minter, and the service as its holder (a fresh token per request). */
const signedIn = async (world: EmulatedService, idpId: string): Promise<ServiceApi & { mint(): Promise<string> }> => {
  const session = (await adminFetch(world.emulator, 'POST', '/v1/sessions', { user_id: idpId })).body as { id: string };
  const mint = async () => (await adminFetch(world.emulator, 'POST', `/v1/sessions/${session.id}/tokens`)).body.jwt as string;
  return { ...serviceApi(world.service.url, bearer(mint)), mint };
};

/** The service as the holder of one token minted now: it outlives the provider user's deletion. */
const withToken = (world: EmulatedService, jwt: string): ServiceApi =>
  serviceApi(
    world.service.url,
    bearer(() => jwt),
  );

test("a soft-deleted user's still-valid token gets 410 UserDeleted on organization routes, not 404", async (t) => {
  const { world } = t.context;
  const ownerId = await world.seedUser('deleted-owner@example.com');
  const memberId = await world.seedUser('deleted-member@example.com');
  const { orgId } = await organizationWithMembers(world, ownerId, 'Deleted Gym', [
    { idpId: memberId, email: 'deleted-member@example.com', role: 'coach' },
  ]);
  const member = await signedIn(world, memberId);
  t.is((await member.get(`/organizations/${orgId}`)).status, 200);
  const stale = withToken(world, await member.mint()); // minted before the deletion, still unexpired

  t.is((await adminFetch(world.emulator, 'DELETE', `/v1/users/${memberId}`)).status, 200);
  await world.emulator.whenSettled(60_000);
  for (const answer of [
    await stale.get(`/organizations/${orgId}`),
    await stale.get(`/organizations/${orgId}/members`),
    await stale.post(`/organizations/${orgId}/leave`),
    await stale.post('/organizations', { name: 'Ghost Gym' }),
    await stale.get('/users/me/invitations'),
    await stale.get('/users/me'),
  ]) {
    assertError(t, answer, 410, 'UserDeleted');
  }
  const roster = await world.as(ownerId).get(`/organizations/${orgId}/members?include=cancelled`);
  t.like(
    roster.body.items.find((row: { email: string }) => row.email === 'deleted-member@example.com'),
    { status: 'cancelled' },
  );
});

test('DELETE /users/me by an owner answers 409 OwnerMustTransferOwnership until ownership is transferred, then 204', async (t) => {
  const { world } = t.context;
  const ownerId = await world.seedUser('leaving-owner@example.com');
  const heirId = await world.seedUser('heir@example.com');
  const { orgId, membershipIds } = await organizationWithMembers(world, ownerId, 'Inherited Gym', [
    { idpId: heirId, email: 'heir@example.com', role: 'admin' },
  ]);
  const owner = await signedIn(world, ownerId);

  assertError(t, await owner.delete('/users/me'), 409, 'OwnerMustTransferOwnership');
  t.is((await owner.get('/users/me')).status, 200, 'the refused delete changed nothing');
  t.not((await adminFetch(world.emulator, 'GET', `/v1/users/${ownerId}`)).status, 404, 'the provider user is kept');

  t.is(
    (await owner.post(`/organizations/${orgId}/ownership-transfer`, { membershipId: membershipIds.get('heir@example.com') })).status,
    200,
  );
  const stale = withToken(world, await owner.mint());
  const deleted = await stale.delete('/users/me');
  t.is(deleted.status, 204);
  t.is(deleted.body, undefined);
  assertError(t, await stale.get(`/organizations/${orgId}`), 410, 'UserDeleted');
  // The provider user's deletion is a job committed with the local one.
  await world.service.server.settle();
  t.is((await adminFetch(world.emulator, 'GET', `/v1/users/${ownerId}`)).status, 404, 'the provider user is deleted too');
  const roster = (await world.as(heirId).get(`/organizations/${orgId}/members?include=cancelled`)).body.items as Array<{
    email: string;
    role: string;
    status: string;
  }>;
  t.deepEqual(roster.map((row) => [row.email, row.role, row.status]).sort(), [
    ['heir@example.com', 'owner', 'active'],
    ['leaving-owner@example.com', 'admin', 'cancelled'],
  ]);
});

test('a national ID is stored with 204 and no body, never logged or shown in /users/me, and read only through compliance.read', async (t) => {
  const { world } = t.context;
  const ownerId = await world.seedUser('compliance-owner@example.com');
  const athleteId = await world.seedUser('athlete@example.com');
  const coachId = await world.seedUser('compliance-coach@example.com');
  const { orgId, membershipIds } = await organizationWithMembers(world, ownerId, 'Compliance Gym', [
    { idpId: athleteId, email: 'athlete@example.com', role: 'member' },
    { idpId: coachId, email: 'compliance-coach@example.com', role: 'coach' },
  ]);
  const nationalId = 'TR-98765432109';
  const athlete = await signedIn(world, athleteId);

  const stored = await athlete.put('/users/me/national-id', { nationalId: ` ${nationalId} ` });
  t.is(stored.status, 204);
  t.is(stored.body, undefined);
  const me = await athlete.get('/users/me');
  t.is(me.status, 200);
  t.false(JSON.stringify(me.body).includes(nationalId));

  const path = `/organizations/${orgId}/members/${membershipIds.get('athlete@example.com')}/compliance`;
  const record = await world.as(ownerId).get(path);
  t.is(record.status, 200);
  t.like(record.body, { email: 'athlete@example.com', nationalId, membership: { role: 'member', status: 'active' } });
  assertError(t, await world.as(coachId).get(path), 403, 'Forbidden');
  assertError(t, await athlete.get(path), 403, 'Forbidden');
  assertError(t, await athlete.put('/users/me/national-id', { nationalId: 'x!' }), 400, 'ValidationFailed');

  t.true(world.service.logs.lines.length > 0);
  t.false(world.service.logs.text().includes(nationalId.slice(3)), 'the number is in no log line the service wrote');
});

test('bad bodies, params and queries answer 400 ValidationFailed with one line per problem, never 500', async (t) => {
  const { world } = t.context;
  const ownerId = await world.seedUser('validation-owner@example.com');
  const { orgId, ownerMembershipId } = await organizationWithMembers(world, ownerId, 'Validation Gym', []);
  const owner = world.as(ownerId);
  const cases: ReadonlyArray<readonly [string, () => Promise<ApiAnswer>]> = [
    ['no organization name', () => owner.post('/organizations', {})],
    ['a numeric organization name', () => owner.post('/organizations', { name: 42 })],
    ['an empty organization name', () => owner.post('/organizations', { name: '' })],
    // Found by the API fuzzer: PostgreSQL cannot store a NUL, and the insert answered 500.
    ['an organization name holding a NUL', () => owner.post('/organizations', { name: 'Iron\u0000Gym' })],
    ['a rename holding a control character', () => owner.patch(`/organizations/${orgId}`, { name: 'Iron\u0007Gym' })],
    ['a non-uuid :orgId', () => owner.get('/organizations/not-a-uuid')],
    ['a non-uuid :orgId on the roster', () => owner.get('/organizations/123/members')],
    ['a non-uuid :membershipId', () => owner.patch(`/organizations/${orgId}/members/nope`, { role: 'coach' })],
    ['an unknown role', () => owner.patch(`/organizations/${orgId}/members/${ownerMembershipId}`, { role: 'captain' })],
    ['an invitation without an e-mail', () => owner.post(`/organizations/${orgId}/invitations`, { role: 'coach' })],
    [
      'an invitation to a malformed e-mail',
      () => owner.post(`/organizations/${orgId}/invitations`, { email: 'not-an-email', role: 'coach' }),
    ],
    ['a limit of 0', () => owner.get(`/organizations/${orgId}/members?limit=0`)],
    ['a limit above 200', () => owner.get(`/organizations/${orgId}/audit?limit=201`)],
    ['a non-numeric limit', () => owner.get(`/organizations/${orgId}/invitations?limit=ten`)],
    ['an unknown include', () => owner.get(`/organizations/${orgId}/members?include=everything`)],
    ['an accept with neither token nor id', () => owner.post('/invitations/accept', {})],
    ['an accept with a non-uuid invitation id', () => owner.post('/invitations/accept', { invitationId: 'abc' })],
    ['a decline with a numeric token', () => owner.post('/invitations/decline', { token: 5 })],
    ['a transfer to a non-uuid membership', () => owner.post(`/organizations/${orgId}/ownership-transfer`, { membershipId: 'x' })],
    ['a national ID that is too short', () => owner.put('/users/me/national-id', { nationalId: '12' })],
    ['a body that is an array', () => owner.post('/organizations', [])],
  ];
  for (const [what, send] of cases) {
    const answer = await send();
    t.is(answer.status, 400, `${what}: ${JSON.stringify(answer.body)}`);
    t.like(answer.body, { statusCode: 400, code: 'ValidationFailed' }, what);
    t.true(
      Array.isArray(answer.body?.problems) &&
        answer.body.problems.length > 0 &&
        answer.body.problems.every((line: unknown) => typeof line === 'string'),
      `${what}: problems lines`,
    );
  }
  const malformed = await owner.post('/organizations', '{"name": ');
  t.is(malformed.status, 400, 'malformed JSON');
  t.false(
    world.service.logs.records().some((record) => record['msg'] === 'captured exception'),
    'no request was captured as a defect',
  );
});
