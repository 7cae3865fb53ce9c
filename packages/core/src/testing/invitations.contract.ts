import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../identity/email.js';
import type { UserId } from '../identity/identifiers.js';
import type { Invitation, InvitationId } from '../invitation/invitation.js';
import type { Invitations } from '../invitation/ports/invitations.js';
import type { MembershipId } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import { PageCursor, type PageRequest } from '../shared/pagination.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** An Invitations implementation plus a way to satisfy its foreign keys. */
export interface InvitationsSubject {
  readonly invitations: Invitations;
  /** Makes the invitation's organization, inviting user and membership (an `invited` row) exist, if missing. */
  prepare(invitation: Invitation): Promise<void>;
}

const BASE = 0xe8;
const invitationId = (n: number): InvitationId => fixtureUuid(BASE, n) as InvitationId;
const org = (n: number): OrganizationId => fixtureUuid(BASE + 1, n) as OrganizationId;
const T = new Date('2026-03-01T10:00:00.000Z');
const DAY = 86_400_000;

/** An invitation fixture for the contract; `n` picks its id and membership, `organization` its organization. */
export const contractInvitation = (n: number, organization: number, overrides: Partial<Invitation> = {}): Invitation => ({
  id: invitationId(n),
  organizationId: org(organization),
  email: `invitee${n}@example.com` as Email,
  role: 'coach',
  status: 'pending',
  membershipId: fixtureUuid(BASE + 2, n) as MembershipId,
  tokenHash: `hash-${n}`,
  providerInvitationId: null,
  invitedBy: fixtureUuid(BASE + 3, organization) as UserId,
  expiresAt: new Date(T.getTime() + 7 * DAY),
  createdAt: new Date(T.getTime() + n * 1000),
  updatedAt: new Date(T.getTime() + n * 1000),
  revokedReason: null,
  ...overrides,
});

const create = async (subject: InvitationsSubject, invitation: Invitation): Promise<Invitation> => {
  await subject.prepare(invitation);
  await subject.invitations.create(invitation);
  return invitation;
};

const status = async (invitations: Invitations, id: InvitationId) => O.toNullable(await invitations.findById(id))?.status;

/** The Invitations port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const invitationsContract: readonly ContractCase<InvitationsSubject>[] = [
  {
    name: 'a created invitation is found as created; an unknown id finds nothing',
    async run(subject) {
      const invitation = await create(subject, contractInvitation(1, 1, { providerInvitationId: 'inv_123' }));
      assert.deepEqual(O.toNullable(await subject.invitations.findById(invitation.id)), invitation);
      assert.ok(O.isNone(await subject.invitations.findById(invitationId(999))));
    },
  },
  {
    name: 'one pending invitation per organization and email (a second creation answers false); a revoked one no longer blocks',
    async run(subject) {
      const first = await create(subject, contractInvitation(10, 10, { email: 'twice@example.com' as Email }));
      const second = contractInvitation(11, 10, { email: 'twice@example.com' as Email });
      await subject.prepare(second);
      assert.equal(await subject.invitations.create(second), false);
      assert.ok(O.isNone(await subject.invitations.findById(second.id)));
      await create(subject, contractInvitation(12, 11, { email: 'twice@example.com' as Email }));
      assert.equal(O.toNullable(await subject.invitations.findPendingByEmail(org(10), 'twice@example.com' as Email))?.id, first.id);
      assert.equal(await subject.invitations.markRevoked(first.id, 'revoked', T), true);
      assert.ok(O.isNone(await subject.invitations.findPendingByEmail(org(10), 'twice@example.com' as Email)));
      assert.equal(await subject.invitations.create(second), true);
    },
  },
  {
    name: 'two concurrent creations of a pending invitation for one address: exactly one is stored',
    async run(subject) {
      const email = 'racing@example.com' as Email;
      const first = contractInvitation(13, 12, { email });
      const second = contractInvitation(14, 12, { email });
      await subject.prepare(first);
      await subject.prepare(second);
      const results = await Promise.all([subject.invitations.create(first), subject.invitations.create(second)]);
      assert.deepEqual([...results].sort(), [false, true]);
      assert.equal((await subject.invitations.listForOrganization(org(12), { limit: 10 })).items.length, 1);
    },
  },
  {
    name: 'a claim succeeds once, only while pending and unexpired',
    async run(subject) {
      const invitation = await create(subject, contractInvitation(20, 20));
      const expired = await create(subject, contractInvitation(21, 20));
      assert.equal(await subject.invitations.claim(invitation.id, T), true);
      assert.equal(await subject.invitations.claim(invitation.id, T), false);
      assert.equal(await status(subject.invitations, invitation.id), 'accepted');
      assert.equal(await subject.invitations.claim(expired.id, expired.expiresAt), false);
      assert.equal(await status(subject.invitations, expired.id), 'pending');
    },
  },
  {
    name: 'two concurrent claims of one invitation: exactly one wins',
    async run(subject) {
      const invitation = await create(subject, contractInvitation(30, 30));
      const results = await Promise.all([subject.invitations.claim(invitation.id, T), subject.invitations.claim(invitation.id, T)]);
      assert.deepEqual([...results].sort(), [false, true]);
    },
  },
  {
    name: 'ten concurrent claims of one invitation: exactly one wins',
    async run(subject) {
      const invitation = await create(subject, contractInvitation(31, 30));
      const results = await Promise.all(Array.from({ length: 10 }, () => subject.invitations.claim(invitation.id, T)));
      assert.equal(results.filter(Boolean).length, 1);
    },
  },
  {
    name: 'rotating the token replaces hash, expiry and provider invitation while pending, and nothing after',
    async run(subject) {
      const invitation = await create(subject, contractInvitation(40, 40));
      const expiresAt = new Date(T.getTime() + 9 * DAY);
      const at = new Date(T.getTime() + DAY);
      const rotated = O.toNullable(
        await subject.invitations.rotateToken(invitation.id, { tokenHash: 'hash-new', expiresAt, providerInvitationId: 'inv_renewed' }, at),
      );
      assert.deepEqual(rotated, { ...invitation, tokenHash: 'hash-new', expiresAt, providerInvitationId: 'inv_renewed', updatedAt: at });
      await subject.invitations.markExpired(invitation.id, at);
      assert.ok(
        O.isNone(
          await subject.invitations.rotateToken(invitation.id, { tokenHash: 'hash-newer', expiresAt, providerInvitationId: null }, at),
        ),
      );
    },
  },
  {
    name: 'revoking keeps its reason; revoke, expire and claim are guarded on pending',
    async run(subject) {
      const declined = await create(subject, contractInvitation(50, 50));
      assert.equal(await subject.invitations.markRevoked(declined.id, 'declined', T), true);
      assert.equal(await subject.invitations.markRevoked(declined.id, 'revoked', T), false);
      assert.equal(await subject.invitations.markExpired(declined.id, T), false);
      assert.equal(await subject.invitations.claim(declined.id, T), false);
      const stored = O.toNullable(await subject.invitations.findById(declined.id));
      assert.equal(stored?.status, 'revoked');
      assert.equal(stored?.revokedReason, 'declined');
      const expiring = await create(subject, contractInvitation(51, 50));
      assert.equal(await subject.invitations.markExpired(expiring.id, T), true);
      assert.equal(await subject.invitations.markExpired(expiring.id, T), false);
      assert.equal(await status(subject.invitations, expiring.id), 'expired');
    },
  },
  {
    name: 'the pending invitations for an email, across organizations, and only pending ones',
    async run(subject) {
      const email = 'many@example.com' as Email;
      await create(subject, contractInvitation(60, 60, { email }));
      await create(subject, contractInvitation(61, 61, { email }));
      const gone = await create(subject, contractInvitation(62, 62, { email }));
      await subject.invitations.markRevoked(gone.id, 'revoked', T);
      await create(subject, contractInvitation(63, 60));
      const pending = await subject.invitations.listPendingForEmail(email);
      assert.deepEqual(pending.map((i) => i.id).sort(), [invitationId(60), invitationId(61)]);
    },
  },
  {
    name: "an organization's invitations page newest first, each exactly once",
    async run(subject) {
      for (const n of [70, 71, 72, 73, 74]) await create(subject, contractInvitation(n, 70));
      await create(subject, contractInvitation(75, 71));
      const ids: string[] = [];
      let page: PageRequest = { limit: 2 };
      for (let guard = 0; guard < 10; guard += 1) {
        const result = await subject.invitations.listForOrganization(org(70), page);
        ids.push(...result.items.map((i) => i.id));
        if (result.nextCursor === null) break;
        const cursor = PageCursor.decode(result.nextCursor);
        assert.ok(cursor._tag === 'Right');
        page = { limit: 2, cursor: cursor.right };
      }
      assert.deepEqual(ids, [74, 73, 72, 71, 70].map(invitationId));
    },
  },
];
