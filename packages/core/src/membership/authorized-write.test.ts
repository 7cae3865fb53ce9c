import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Email } from '../identity/email.js';
import { PLATFORM_ADMIN_ROLE } from '../identity/auth-payload.js';
import { inviteMember } from '../invitation/use-cases/invite-member.js';
import { resendInvitation } from '../invitation/use-cases/resend-invitation.js';
import { revokeInvitation } from '../invitation/use-cases/revoke-invitation.js';
import type { OrganizationName } from '../organization/organization.js';
import { deleteOrganization } from '../organization/use-cases/delete-organization.js';
import { updateOrganization } from '../organization/use-cases/update-organization.js';
import {
  aPerson,
  anOrganization,
  createTestWorld,
  GatedUnitOfWork,
  liveOwners,
  outcome,
  type TestMember,
  type TestWorld,
} from '../testing/index.js';
import type { Membership } from './membership.js';
import { changeMemberRole } from './use-cases/change-member-role.js';
import { leaveOrganization } from './use-cases/leave-organization.js';
import { reinstateMember } from './use-cases/reinstate-member.js';
import { removeMember } from './use-cases/remove-member.js';
import { suspendMember } from './use-cases/suspend-member.js';
import { transferOwnership } from './use-cases/transfer-ownership.js';

type Members = { ada: TestMember; bob: TestMember; cid: TestMember; sue: TestMember };
type Racer = (
  world: TestWorld,
  members: Members,
  organizationId: Membership['organizationId'],
) => TE.TaskEither<{ readonly _tag: string }, unknown>;

/** An organization where ada (admin) manages bob (member), cid (coach) and sue (suspended member). */
const setUp = async () => {
  const world = createTestWorld();
  const fixture = await anOrganization(world, { ada: 'admin', bob: 'member', cid: 'coach', sue: { role: 'member', status: 'suspended' } });
  return { world, ...fixture };
};

/**
 * Runs `act` up to its unit of work (its checks passed), lets `meanwhile` commit, then lets it go on:
 * the interleaving in which a check made before the transaction would be stale.
 */
const interleave = async <A>(world: TestWorld, act: (gated: TestWorld) => Promise<A>, meanwhile: () => Promise<unknown>): Promise<A> => {
  const unitOfWork = new GatedUnitOfWork();
  const held = unitOfWork.holdNext();
  const pending = act({ ...world, unitOfWork } as unknown as TestWorld);
  await held.reached;
  await meanwhile();
  held.release();
  return pending;
};

const demotedWhileActing = test.macro({
  async exec(t, act: Racer, demotion: 'member' | 'cancelled', expected: string) {
    const { world, organization, owner, members } = await setUp();
    const before = world.memberships.all();
    const auditBefore = world.auditLog.actions().length;
    const answer = await interleave(
      world,
      (gated) => act(gated, members, organization.id)(),
      () =>
        demotion === 'member'
          ? changeMemberRole(world)(owner.auth, organization.id, members.ada.membership.id, 'member')()
          : removeMember(world)(owner.auth, organization.id, members.ada.membership.id)(),
    );
    t.is(outcome(answer), expected);
    const changedByOthers = world.memberships.all().filter((row) => row.id !== members.ada.membership.id);
    t.deepEqual(
      changedByOthers,
      before.filter((row) => row.id !== members.ada.membership.id),
      'nothing but the demotion was written',
    );
    t.is(world.auditLog.actions().length, auditBefore + 1, 'only the demotion was audited');
  },
  title: (what = '', _act, demotion: string, expected: string) =>
    `an admin ${demotion === 'member' ? 'demoted to member' : 'removed'} while ${what} is refused (${expected})`,
});

const suspendBob: Racer = (world, { ada, bob }, orgId) => suspendMember(world)(ada.auth, orgId, bob.membership.id);
const reinstateSue: Racer = (world, { ada, sue }, orgId) => reinstateMember(world)(ada.auth, orgId, sue.membership.id);
const roleOfBob: Racer = (world, { ada, bob }, orgId) => changeMemberRole(world)(ada.auth, orgId, bob.membership.id, 'coach');
const removeBob: Racer = (world, { ada, bob }, orgId) => removeMember(world)(ada.auth, orgId, bob.membership.id);
const rename: Racer = (world, { ada }, orgId) => updateOrganization(world)(ada.auth, orgId, { name: 'Taken Over' as OrganizationName });

test('suspending a member', demotedWhileActing, suspendBob, 'member', 'Forbidden');
test('suspending a member', demotedWhileActing, suspendBob, 'cancelled', 'Forbidden');
test('reinstating a member', demotedWhileActing, reinstateSue, 'member', 'Forbidden');
test('changing a member’s role', demotedWhileActing, roleOfBob, 'member', 'Forbidden');
test('changing a member’s role', demotedWhileActing, roleOfBob, 'cancelled', 'Forbidden');
test('removing a member', demotedWhileActing, removeBob, 'member', 'Forbidden');
test('removing a member', demotedWhileActing, removeBob, 'cancelled', 'Forbidden');
test('renaming the organization', demotedWhileActing, rename, 'cancelled', 'Forbidden');

test('an admin removed while their invitation request is in flight does not create it, and nothing is mailed', async (t) => {
  const { world, organization, owner, members } = await setUp();
  const answer = await interleave(
    world,
    (gated) => inviteMember(gated)(members.ada.auth, organization.id, { email: 'newcomer@example.com' as Email, role: 'coach' })(),
    () => removeMember(world)(owner.auth, organization.id, members.ada.membership.id)(),
  );
  t.is(outcome(answer), 'Forbidden');
  t.deepEqual(world.invitations.all(), []);
  t.deepEqual(world.idpAdmin.invitations, []);
  t.false(world.memberships.all().some((row) => row.email === 'newcomer@example.com'));
});

test('an admin demoted while revoking or resending an invitation is refused and the invitation stays as it was', async (t) => {
  const { world, organization, owner, members } = await setUp();
  const created = await inviteMember(world)(members.ada.auth, organization.id, { email: 'newcomer@example.com' as Email, role: 'coach' })();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  const invitationId = created.right.invitation.id;
  const stored = world.invitations.all()[0];
  const revoked = await interleave(
    world,
    (gated) => revokeInvitation(gated)(members.ada.auth, organization.id, invitationId)(),
    () => changeMemberRole(world)(owner.auth, organization.id, members.ada.membership.id, 'member')(),
  );
  t.is(outcome(revoked), 'Forbidden');
  await changeMemberRole(world)(owner.auth, organization.id, members.ada.membership.id, 'admin')();
  world.clock.advance(120_000);
  const resent = await interleave(
    world,
    (gated) => resendInvitation(gated)(members.ada.auth, organization.id, invitationId)(),
    () => changeMemberRole(world)(owner.auth, organization.id, members.ada.membership.id, 'member')(),
  );
  t.is(outcome(resent), 'Forbidden');
  t.deepEqual(world.invitations.all()[0], stored, 'still pending, with its token and its mail');
  t.deepEqual(
    world.idpAdmin.invitations.map((mailed) => [mailed.id, mailed.status]),
    [
      ['inv_fake1', 'pending'],
      ['inv_fake2', 'revoked'],
    ],
    'the refused resend’s mail is revoked, the first one still works',
  );
});

test('an owner demoted to admin by a transfer while suspending an admin is refused (CannotManageMember)', async (t) => {
  const { world, organization, owner, members } = await setUp();
  const other = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  await changeMemberRole(world)(owner.auth, organization.id, members.cid.membership.id, 'admin')();
  const answer = await interleave(
    world,
    (gated) => suspendMember(gated)(owner.auth, organization.id, members.cid.membership.id)(),
    () => transferOwnership(world)(other.auth, organization.id, { membershipId: members.ada.membership.id })(),
  );
  t.is(outcome(answer), 'CannotManageMember');
  t.is(world.memberships.all().find((row) => row.id === members.cid.membership.id)?.status, 'active');
  t.deepEqual(
    liveOwners(world, organization.id).map((row) => row.id),
    [members.ada.membership.id],
  );
});

test('an owner who transfers ownership while deleting the organization does not delete it as an admin (Forbidden)', async (t) => {
  const { world, organization, owner, members } = await setUp();
  const answer = await interleave(
    world,
    (gated) => deleteOrganization(gated)(owner.auth, organization.id)(),
    () => transferOwnership(world)(owner.auth, organization.id, { membershipId: members.ada.membership.id })(),
  );
  t.is(outcome(answer), 'Forbidden');
  t.true(O.isSome(await world.organizations.findById(organization.id)));
  t.deepEqual(
    liveOwners(world, organization.id).map((row) => row.id),
    [members.ada.membership.id],
  );
});

test('a member made owner while leaving cannot leave (OwnerCannotLeave), and the organization keeps its owner', async (t) => {
  const { world, organization, owner, members } = await setUp();
  const answer = await interleave(
    world,
    (gated) => leaveOrganization(gated)(members.bob.auth, organization.id)(),
    () => transferOwnership(world)(owner.auth, organization.id, { membershipId: members.bob.membership.id })(),
  );
  t.is(outcome(answer), 'OwnerCannotLeave');
  t.deepEqual(
    liveOwners(world, organization.id).map((row) => row.id),
    [members.bob.membership.id],
  );
});

test('a target changed meanwhile is judged as it is now: suspending a member made admin is refused', async (t) => {
  const { world, organization, owner, members } = await setUp();
  const answer = await interleave(
    world,
    (gated) => suspendMember(gated)(members.ada.auth, organization.id, members.bob.membership.id)(),
    () => changeMemberRole(world)(owner.auth, organization.id, members.bob.membership.id, 'admin')(),
  );
  t.is(outcome(answer), 'CannotManageMember');
});

test('a write whose transaction conflicts once is run again and succeeds', async (t) => {
  const { world, organization, members } = await setUp();
  const unitOfWork = new GatedUnitOfWork();
  unitOfWork.conflictNext(1);
  const answer = await suspendMember({ ...world, unitOfWork })(members.ada.auth, organization.id, members.bob.membership.id)();
  t.is(outcome(answer), 'Right');
  t.is(world.memberships.all().find((row) => row.id === members.bob.membership.id)?.status, 'suspended');
});

test('a write whose transaction still conflicts after its retry answers MembershipChangedConcurrently, never a defect', async (t) => {
  const { world, organization, members } = await setUp();
  const unitOfWork = new GatedUnitOfWork();
  unitOfWork.conflictNext(2);
  const answer = await suspendMember({ ...world, unitOfWork })(members.ada.auth, organization.id, members.bob.membership.id)();
  t.is(outcome(answer), 'MembershipChangedConcurrently');
  t.is(world.memberships.all().find((row) => row.id === members.bob.membership.id)?.status, 'active');
});
