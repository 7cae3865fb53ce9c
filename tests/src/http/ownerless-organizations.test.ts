import anyTest, { type TestFn } from 'ava';
import { adminFetch } from '@idv/idp-emulator/testing';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';

// An organization whose owner the provider deleted, over real sockets: the service marks it
// ownerless and audits it, a Platform Admin finds it (`GET /admin/organizations?ownerless=true`)
// and gives it an owner with the ownership transfer, and the audit trail records both steps.
const test = anyTest.serial as TestFn<{
  world: EmulatedService;
  orgId: string;
  adaIdpId: string;
  adaMembershipId: string;
  staffIdpId: string;
  ownerIdpId: string;
}>;

test.before(async (t) => {
  const world = await startEmulatedService();
  const ownerIdpId = await world.seedUser('lost-owner@example.com');
  const adaIdpId = await world.seedUser('ada-admin@example.com');
  const staffIdpId = await world.seedUser('staff@example.com');
  const { orgId, membershipIds } = await organizationWithMembers(world, ownerIdpId, 'Ownerless Gym', [
    { idpId: adaIdpId, email: 'ada-admin@example.com', role: 'admin' },
  ]);
  t.context = { world, orgId, adaIdpId, adaMembershipId: membershipIds.get('ada-admin@example.com')!, staffIdpId, ownerIdpId };
});
test.after.always(async (t) => {
  await t.context.world?.close();
});

const ownerlessIds = async (t: { context: { world: EmulatedService; staffIdpId: string } }) => {
  const answer = await t.context.world.as(t.context.staffIdpId, 'platform_admin').get('/admin/organizations?ownerless=true');
  if (answer.status !== 200) throw new Error(`listing answered ${answer.status}`);
  return (answer.body.items as { id: string }[]).map((item) => item.id);
};

test('an owner cannot delete their own account while they own an organization (409), and nothing is marked', async (t) => {
  const { world, ownerIdpId, orgId } = t.context;
  const refused = await world.as(ownerIdpId).delete('/users/me');
  t.is(refused.status, 409);
  t.is(refused.body.code, 'OwnerMustTransferOwnership');
  t.false((await ownerlessIds(t)).includes(orgId));
});

test("the provider's deletion of the owner marks the organization ownerless; only a Platform Admin lists it", async (t) => {
  const { world, ownerIdpId, orgId, adaIdpId, staffIdpId } = t.context;
  t.is((await adminFetch(world.emulator, 'DELETE', `/v1/users/${ownerIdpId}`)).status, 200);
  await world.emulator.whenSettled(60_000);

  const listed = await world.as(staffIdpId, 'platform_admin').get('/admin/organizations?ownerless=true&limit=50');
  t.is(listed.status, 200);
  t.like(listed.body, { nextCursor: null });
  const item = (listed.body.items as { id: string; name: string; ownerlessSince: string }[]).find((row) => row.id === orgId);
  t.like(item, { id: orgId, name: 'Ownerless Gym' });
  t.false(Number.isNaN(Date.parse(item?.ownerlessSince ?? '')));

  const admin = await world.as(adaIdpId).get('/admin/organizations?ownerless=true');
  t.is(admin.status, 403, 'an admin of the organization is no Platform Admin');
  t.is(admin.body.code, 'PlatformAdminOnly');
  t.is((await world.as(staffIdpId, 'platform_admin').get('/admin/organizations')).status, 400, 'the filter is named');
  t.is((await world.as(staffIdpId, 'platform_admin').get('/admin/organizations?ownerless=true&cursor=nonsense')).status, 400);
});

test('a Platform Admin who is no member transfers ownership of the ownerless organization; the mark is cleared and the audit trail records both steps', async (t) => {
  const { world, orgId, adaIdpId, adaMembershipId, staffIdpId } = t.context;
  const moved = await world
    .as(staffIdpId, 'platform_admin')
    .post(`/organizations/${orgId}/ownership-transfer`, { membershipId: adaMembershipId });
  t.is(moved.status, 200, JSON.stringify(moved.body));
  t.like(moved.body, { owner: { id: adaMembershipId, role: 'owner', status: 'active' }, previousOwner: null });
  t.false((await ownerlessIds(t)).includes(orgId));

  const audit = await world.as(adaIdpId).get(`/organizations/${orgId}/audit`);
  t.is(audit.status, 200);
  const [transferred, lost] = audit.body.items as {
    action: string;
    actorUserId: string | null;
    targetId: string;
    before: Record<string, unknown>;
  }[];
  t.like(transferred, { action: 'ownership.transferred', targetId: adaMembershipId, before: { ownerMembershipId: null, ownerless: true } });
  t.not(transferred?.actorUserId, null, 'the Platform Admin acted');
  t.like(lost, { action: 'organization.owner_lost', actorUserId: null, targetId: orgId });
});
