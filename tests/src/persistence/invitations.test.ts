import type { Persistence } from '@idv/adapters-persistence';
import type { Email, Invitation, InvitationId } from '@idv/core';
import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';
import { aMembership, anInvitation, anOrganization, at, idsFor, rejectionOf } from './support/fixtures.js';
import { ensureUser } from './support/seed.js';

const { org, user, membership, invitation } = idsFor(0xf0);

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  /** An organization `n` with an inviter, and `count` pending invitations (each with its invited row). */
  const seedInvitations = async (n: number, fields: readonly Partial<Invitation>[]): Promise<Invitation[]> => {
    await db().organizations.create(anOrganization(org(n)));
    await ensureUser(db(), user(n));
    const created: Invitation[] = [];
    for (const [i, extra] of fields.entries()) {
      const id = n * 100 + i;
      await db().memberships.insert(aMembership({ id: membership(id), organizationId: org(n), userId: null, status: 'invited' }));
      const row = anInvitation({
        id: invitation(id),
        organizationId: org(n),
        membershipId: membership(id),
        invitedBy: user(n),
        email: `invitee${id}@example.com` as Email,
        ...extra,
      });
      await db().invitations.create(row);
      created.push(row);
    }
    return created;
  };

  test(`${label}: an invitation reads back exactly as created`, async (t) => {
    const [row] = await seedInvitations(1, [{ providerInvitationId: 'inv_provider1', role: 'coach' }]);
    t.deepEqual(O.toNullable(await db().invitations.findById(row!.id)), row);
    t.deepEqual(O.toNullable(await db().invitations.findPendingByEmail(org(1), row!.email)), row);
  });

  test(`${label}: twenty concurrent claims of one invitation: exactly one wins`, async (t) => {
    const [row] = await seedInvitations(2, [{}]);
    const results = await Promise.all(Array.from({ length: 20 }, () => db().invitations.claim(row!.id, at(60))));
    t.is(results.filter(Boolean).length, 1);
    t.is(O.toNullable(await db().invitations.findById(row!.id))?.status, 'accepted');
    t.false(await db().invitations.claim(row!.id, at(61)));
  });

  test(`${label}: a claim at or after expiresAt changes nothing`, async (t) => {
    const [row] = await seedInvitations(3, [{ expiresAt: at(100) }]);
    t.false(await db().invitations.claim(row!.id, at(100)));
    t.is(O.toNullable(await db().invitations.findById(row!.id))?.status, 'pending');
    t.true(await db().invitations.claim(row!.id, at(99)));
  });

  test(`${label}: a claim racing a revoke: exactly one of them changes the invitation`, async (t) => {
    const [row] = await seedInvitations(4, [{}]);
    const [claimed, revoked] = await Promise.all([
      db().invitations.claim(row!.id, at(5)),
      db().invitations.markRevoked(row!.id, 'declined', at(5)),
    ]);
    t.true(claimed !== revoked);
    const stored = O.toNullable(await db().invitations.findById(row!.id));
    t.is(stored?.status, claimed ? 'accepted' : 'revoked');
    t.is(stored?.revokedReason, claimed ? null : 'declined');
  });

  test(`${label}: revoke, expire and rotate apply only while pending`, async (t) => {
    const [a, b, c] = await seedInvitations(5, [{}, {}, {}]);
    t.true(await db().invitations.markRevoked(a!.id, 'revoked', at(1)));
    t.false(await db().invitations.markRevoked(a!.id, 'revoked', at(2)));
    t.false(await db().invitations.markExpired(a!.id, at(2)));
    t.true(
      O.isNone(await db().invitations.rotateToken(a!.id, { tokenHash: 'hash-2', expiresAt: at(999), providerInvitationId: null }, at(2))),
    );
    t.like(O.toNullable(await db().invitations.findById(a!.id)), {
      status: 'revoked',
      revokedReason: 'revoked',
      updatedAt: at(1),
      tokenHash: 'hash-1',
    });
    t.true(await db().invitations.markExpired(b!.id, at(3)));
    t.false(await db().invitations.claim(b!.id, at(3)));
    const rotated = O.toNullable(
      await db().invitations.rotateToken(
        c!.id,
        { tokenHash: 'hash-3', expiresAt: at(9_999), providerInvitationId: 'inv_mailed_again' },
        at(4),
      ),
    );
    t.deepEqual(rotated, { ...c!, tokenHash: 'hash-3', expiresAt: at(9_999), providerInvitationId: 'inv_mailed_again', updatedAt: at(4) });
  });

  test(`${label}: one pending invitation per organization and email (case-insensitive): a second creation writes nothing; a revoked one does not count`, async (t) => {
    const [first] = await seedInvitations(6, [{ email: 'dup@example.com' as Email }]);
    await db().memberships.insert(aMembership({ id: membership(690), organizationId: org(6), userId: null, status: 'invited' }));
    const second = anInvitation({
      id: invitation(690),
      organizationId: org(6),
      membershipId: membership(690),
      invitedBy: user(6),
      email: 'dup@example.com' as Email,
    });
    t.false(await db().invitations.create(second));
    t.true(O.isNone(await db().invitations.findById(second.id)));
    // A row written around the codec (upper case) still collides: the index is on lower(email).
    const raw = await rejectionOf(
      db().orm.em.execute(
        `insert into "invitations" ("id", "organization_id", "membership_id", "email", "role", "status", "token_hash", "invited_by", "expires_at")
         values (?, ?, ?, 'DUP@Example.com', 'member', 'pending', 'h', ?, now())`,
        [invitation(691), org(6), membership(690), user(6)],
      ),
    );
    t.is((raw as { code?: string }).code, '23505');
    t.true(await db().invitations.markRevoked(first!.id, 'revoked', at(1)));
    t.true(await db().invitations.create(second));
    t.is(O.toNullable(await db().invitations.findPendingByEmail(org(6), 'dup@example.com' as Email))?.id, second.id);
  });

  test(`${label}: an organization's invitations page newest first, stable under equal createdAt`, async (t) => {
    const rows = await seedInvitations(7, [
      { createdAt: at(1) },
      { createdAt: at(2) },
      { createdAt: at(2) },
      { createdAt: at(2) },
      { createdAt: at(3) },
    ]);
    const seen: InvitationId[] = [];
    let page = await db().invitations.listForOrganization(org(7), { limit: 2 });
    seen.push(...page.items.map((i) => i.id));
    while (page.nextCursor !== null) {
      const last = page.items[page.items.length - 1]!;
      page = await db().invitations.listForOrganization(org(7), { limit: 2, cursor: { at: last.createdAt, id: last.id } });
      seen.push(...page.items.map((i) => i.id));
    }
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((i) => i.id);
    t.deepEqual(seen, expected);
  });

  test(`${label}: every pending invitation for an address, across organizations, oldest first`, async (t) => {
    const shared = 'shared@example.com' as Email;
    const [late] = await seedInvitations(8, [{ email: shared, createdAt: at(20) }]);
    const [early, done] = await seedInvitations(9, [{ email: shared, createdAt: at(10) }, { email: 'other@example.com' as Email }]);
    await db().invitations.claim(done!.id, at(11));
    t.deepEqual(
      (await db().invitations.listPendingForEmail(shared)).map((i) => i.id),
      [early!.id, late!.id],
    );
  });

  test(`${label}: a forged cursor (not one of our ids) gives an empty page, not a defect`, async (t) => {
    await seedInvitations(10, [{}]);
    const page = await db().invitations.listForOrganization(org(10), { limit: 5, cursor: { at: at(0), id: 'forged' } });
    t.deepEqual(page, { items: [], nextCursor: null });
  });
});
