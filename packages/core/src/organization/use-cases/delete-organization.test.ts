import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../../identity/email.js';
import { inviteMember } from '../../invitation/use-cases/invite-member.js';
import { revokeInvitation } from '../../invitation/use-cases/revoke-invitation.js';
import { OPEN_STATUSES, type PaymentStatus } from '../../payments/payment-status.js';
import { listPayments } from '../../payments/use-cases/list-payments.js';
import { aPayment, anOrganization, aSubscription, createTestWorld, fixtureUuid, outcome, type TestWorld } from '../../testing/index.js';
import { eventsJobHandlers } from '../../events/events-jobs.js';
import { invitationJobHandlers } from '../../invitation/invitation-jobs.js';
import { paymentJobHandlers } from '../../payments/payment-jobs.js';
import { getOrganization } from './get-organization.js';
import { deleteOrganization } from './delete-organization.js';

/** One attempt at every job enqueued from `from` on, as the queue's workers would make it; the failures, by job name. */
const attemptJobs = async (world: TestWorld, from = 0): Promise<string[]> => {
  const handlers = { ...eventsJobHandlers(world), ...invitationJobHandlers(world), ...paymentJobHandlers(world) };
  const failed: string[] = [];
  for (const job of world.jobQueue.enqueued.slice(from)) {
    await handlers[job.name]!(job.data).catch(() => failed.push(job.name));
  }
  return failed;
};

test('deleting an organization revokes the provider invitations it mailed that are still pending', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const invited = [];
  for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
    const created = await inviteMember(world)(owner.auth, organization.id, { email: email as Email, role: 'member' })();
    if (E.isLeft(created)) return t.fail(created.left._tag);
    invited.push(created.right.invitation);
  }
  await revokeInvitation(world)(owner.auth, organization.id, invited[0]!.id)();
  await attemptJobs(world);
  const revokedBefore = world.idpAdmin.revokedInvitationIds.length;
  const enqueuedBefore = world.jobQueue.enqueued.length;
  t.true(E.isRight(await deleteOrganization(world)(owner.auth, organization.id)()));
  t.is(world.idpAdmin.revokedInvitationIds.length, revokedBefore, 'the provider is asked by jobs committed with the delete');
  t.deepEqual(await attemptJobs(world, enqueuedBefore), []);
  t.deepEqual(
    [...world.idpAdmin.revokedInvitationIds.slice(revokedBefore)].sort(),
    [invited[1]!.providerInvitationId, invited[2]!.providerInvitationId].sort(),
  );
  t.deepEqual(
    world.invitations.all().map((i) => i.status),
    ['revoked', 'revoked', 'revoked'],
  );
});

for (const status of OPEN_STATUSES) {
  test(`a payment still ${status} makes the delete PaymentInFlight and changes nothing`, async (t) => {
    const world = createTestWorld();
    const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
    await world.paymentTransactions.create(aPayment(fixtureUuid(0xb1, 1), organization.id, { status }));
    const audited = (await world.auditLog.list(organization.id, { limit: 100 })).items.length;
    t.is(outcome(await deleteOrganization(world)(owner.auth, organization.id)()), 'PaymentInFlight');
    t.true(O.isSome(await world.organizations.findById(organization.id)));
    t.deepEqual(
      world.memberships.all().map((m) => m.status),
      ['active', 'active'],
    );
    t.is((await world.auditLog.list(organization.id, { limit: 100 })).items.length, audited);
    t.is(outcome(await getOrganization(world)(members.ada.auth, organization.id)()), 'Right');
  });
}

test('a deleted organization is soft-deleted: not found on its routes, memberships cancelled, audit trail and payments kept', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', mia: 'member' });
  const settled: PaymentStatus[] = ['succeeded', 'failed', 'expired'];
  for (const [n, status] of settled.entries())
    await world.paymentTransactions.create(aPayment(fixtureUuid(0xb1, 10 + n), organization.id, { status }));
  t.true(E.isRight(await deleteOrganization(world)(owner.auth, organization.id)()));
  for (const person of [owner, members.ada, members.mia]) {
    t.is(outcome(await getOrganization(world)(person.auth, organization.id)()), 'OrganizationNotFound');
  }
  t.is(outcome(await listPayments(world)(owner.auth, organization.id, { limit: 50 })()), 'OrganizationNotFound');
  t.deepEqual(
    world.memberships.all().map((m) => m.status),
    ['cancelled', 'cancelled', 'cancelled'],
  );
  t.deepEqual(await world.memberships.listForUser(members.ada.user.id), [], 'GET /users/me no longer lists it');
  t.is((await world.paymentTransactions.list(organization.id, { limit: 50 })).items.length, 3);
  const trail = (await world.auditLog.list(organization.id, { limit: 100 })).items;
  t.like(trail[0], { action: 'organization.deleted', actorUserId: owner.user.id, targetId: organization.id });
  t.true(trail.some((entry) => entry.action === 'organization.created'));
  t.is(outcome(await deleteOrganization(world)(owner.auth, organization.id)()), 'OrganizationNotFound');
});

test("a deleted organization's linked subscriptions are cancelled at the provider, or flagged cancel_failed when that fails", async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 1), organization.id, 'sub-cancels'));
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 2), organization.id, 'sub-unknown-at-provider'));
  world.paymentGateway.putSubscription('sub-cancels', 9900);
  t.true(E.isRight(await deleteOrganization(world)(owner.auth, organization.id)()));
  t.deepEqual(world.paymentGateway.cancelled, [], 'nothing asked of the provider before the jobs run');
  t.deepEqual(await attemptJobs(world), ['payments.cancel-subscription'], 'the refused one fails, to be retried');
  t.deepEqual([...world.paymentGateway.cancelled].sort(), ['sub-cancels', 'sub-unknown-at-provider']);
  t.is(world.paymentGateway.subscriptions.get('sub-cancels')?.status, 'CANCELED');
  t.deepEqual(
    (await world.paymentSubscriptions.listForOrganization(organization.id, 'cancel_failed')).map((s) => s.subscriptionReferenceCode),
    ['sub-unknown-at-provider'],
  );
  t.deepEqual(
    (await world.paymentSubscriptions.listForOrganization(organization.id, 'cancelled')).map((s) => s.subscriptionReferenceCode),
    ['sub-cancels'],
  );
});

test('a provider outage during the cancel still deletes the organization and flags its subscription', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 3), organization.id, 'sub-outage'));
  world.paymentGateway.putSubscription('sub-outage', 9900);
  world.paymentGateway.subscriptionsUnavailable = true;
  t.true(E.isRight(await deleteOrganization(world)(owner.auth, organization.id)()));
  t.true(O.isNone(await world.organizations.findById(organization.id)));
  t.deepEqual(await attemptJobs(world), ['payments.cancel-subscription']);
  t.is(O.toNullable(await world.paymentSubscriptions.findByReference('iyzico', 'sub-outage'))?.status, 'cancel_failed');
  t.true(world.logger.entries.some((entry) => entry.level === 'error' && /cancel_failed/.test(entry.message)));
  world.paymentGateway.subscriptionsUnavailable = false;
  t.deepEqual(await attemptJobs(world), [], 'the retry after the outage cancels it');
  t.is(O.toNullable(await world.paymentSubscriptions.findByReference('iyzico', 'sub-outage'))?.status, 'cancelled');
});

test('only the owner deletes an organization', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin' });
  t.is(outcome(await deleteOrganization(world)(members.ada.auth, organization.id)()), 'Forbidden');
  t.true(O.isSome(await world.organizations.findById(organization.id)));
});
