import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { NationalId } from '../../identity/national-id.js';
import { deleteSelf } from '../../identity/use-cases/delete-self.js';
import { handleUserDeleted } from '../../identity/use-cases/handle-user-deleted.js';
import { setNationalId } from '../../identity/use-cases/set-national-id.js';
import { anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import { readComplianceRecord } from './read-compliance-record.js';

const id = (raw: string): NationalId => {
  const decoded = NationalId.decode(raw);
  if (E.isLeft(decoded)) throw new Error('fixture');
  return decoded.right;
};

test('setting stores only the sealed value; an admin reads it back through the compliance record', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
  t.is(outcome(await setNationalId(world)(members.bob.auth, id('TR-12345678901'))()), 'Right');
  t.not(world.nationalIds.storedFor(members.bob.user.id), 'TR-12345678901');
  const record = await readComplianceRecord(world)(members.ada.auth, organization.id, members.bob.membership.id)();
  t.deepEqual(record, E.right({ membership: members.bob.membership, email: 'bob@example.com', nationalId: 'TR-12345678901' }));
});

test('coaches and members cannot read compliance records; a member without a national ID is NationalIdNotSet', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { cole: 'coach', bob: 'member' });
  t.is(outcome(await readComplianceRecord(world)(members.cole.auth, organization.id, members.bob.membership.id)()), 'Forbidden');
  t.is(outcome(await readComplianceRecord(world)(owner.auth, organization.id, members.bob.membership.id)()), 'NationalIdNotSet');
});

test('only an active or suspended membership has a compliance record: invitees and cancelled rows are MembershipNotFound, never the ID', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, {
    stranger: { role: 'member', status: 'pending_invitation' },
    invitee: { role: 'member', status: 'invited' },
    gone: { role: 'member', status: 'cancelled' },
    resting: { role: 'member', status: 'suspended' },
  });
  for (const member of Object.values(members)) await setNationalId(world)(member.auth, id('10000000078'))();
  const read = async (name: keyof typeof members) =>
    readComplianceRecord(world)(owner.auth, organization.id, members[name].membership.id)();
  t.is(outcome(await read('stranger')), 'MembershipNotFound');
  t.is(outcome(await read('invitee')), 'MembershipNotFound');
  t.is(outcome(await read('gone')), 'MembershipNotFound');
  t.deepEqual(E.map((record: { nationalId: string }) => record.nationalId)(await read('resting')), E.right('10000000078'));
});

test('a member who deleted their account has no compliance record, and their national ID is erased with them', async (t) => {
  for (const remove of ['DELETE /users/me', 'user.deleted'] as const) {
    const world = createTestWorld();
    const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
    await setNationalId(world)(members.bob.auth, id('10000000078'))();
    const deleted =
      remove === 'user.deleted'
        ? await handleUserDeleted(world)(members.bob.user.idpId)()
        : await deleteSelf(world)({ idpId: members.bob.user.idpId, skipProvider: false })();
    t.is(outcome(deleted), 'Right', remove);
    t.is(world.nationalIds.storedFor(members.bob.user.id), undefined, remove);
    t.is(
      outcome(await readComplianceRecord(world)(owner.auth, organization.id, members.bob.membership.id)()),
      'MembershipNotFound',
      remove,
    );
  }
});

test('every compliance read appends compliance.read: who read whose record, never the ID', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
  await setNationalId(world)(members.bob.auth, id('10000000078'))();
  await readComplianceRecord(world)(members.ada.auth, organization.id, members.bob.membership.id)();
  await readComplianceRecord(world)(members.ada.auth, organization.id, members.bob.membership.id)();
  const reads = world.auditLog.all().filter((entry) => entry.action === 'compliance.read');
  t.is(reads.length, 2);
  t.like(reads[0], {
    organizationId: organization.id,
    actorUserId: members.ada.user.id,
    targetType: 'membership',
    targetId: members.bob.membership.id,
  });
  t.false(JSON.stringify(reads).includes('10000000078'));
});

test('a refused read (not found, forbidden) is not audited as a read', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, {
    cole: 'coach',
    stranger: { role: 'member', status: 'pending_invitation' },
  });
  await setNationalId(world)(members.stranger.auth, id('10000000078'))();
  await readComplianceRecord(world)(owner.auth, organization.id, members.stranger.membership.id)();
  await readComplianceRecord(world)(members.cole.auth, organization.id, members.stranger.membership.id)();
  t.false(world.auditLog.actions().includes('compliance.read'));
});

test('a read that cannot be audited returns no national ID', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
  await setNationalId(world)(members.bob.auth, id('10000000078'))();
  const auditLog = {
    ...world.auditLog,
    list: world.auditLog.list.bind(world.auditLog),
    append: () => Promise.reject(new Error('audit store down')),
  };
  await t.throwsAsync(readComplianceRecord({ ...world, auditLog })(owner.auth, organization.id, members.bob.membership.id)(), {
    message: 'audit store down',
  });
});

test('a national ID sealed for another user does not open for this one: NationalIdMismatch, not the ID', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'member', bob: 'member' });
  await setNationalId(world)(members.ada.auth, id('10000000078'))();
  await world.nationalIds.put(members.bob.user.id, world.nationalIds.storedFor(members.ada.user.id)!, world.clock.now());
  const read = await readComplianceRecord(world)(owner.auth, organization.id, members.bob.membership.id)();
  t.is(outcome(read), 'NationalIdMismatch');
  t.false(JSON.stringify(read).includes('10000000078'));
  t.false(world.auditLog.actions().includes('compliance.read'));
});

test('a national ID sealed before ciphertexts were bound to their user still opens', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
  await world.nationalIds.put(members.bob.user.id, world.nationalIdVault.sealUnbound(id('10000000078')), world.clock.now());
  const read = await readComplianceRecord(world)(owner.auth, organization.id, members.bob.membership.id)();
  t.deepEqual(E.map((record: { nationalId: string }) => record.nationalId)(read), E.right('10000000078'));
});
