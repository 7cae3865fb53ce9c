import type { Persistence } from '@idv/adapters-persistence';
import type { Email, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend } from './support/backends.js';
import { anInvitation, at, idsFor } from './support/fixtures.js';
import { prepareInvitation } from './support/seed.js';

// Speed (docs/performance.md): a user's arrival writes the row and asks whether an invitation waits for the email in one
// round trip. `acceptPendingInvitations` skips its own lookup only on a `false`, so a wrong `false`
// would lose an invitation: these pin the answer.
const { org, user, membership, invitation } = idsFor(0x130);

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  const invite = async (n: number, email: string): Promise<void> => {
    const row = anInvitation({
      id: invitation(n),
      organizationId: org(n),
      membershipId: membership(n),
      invitedBy: user(n),
      email: email as Email,
    });
    await prepareInvitation(db(), row);
    await db().invitations.create(row);
  };

  test(`${label}: an arrival whose email has a pending invitation says so, whatever the case of the address`, async (t) => {
    await invite(1, 'waiting@example.com');
    const sync = await db().users.syncFromProvider(
      aProviderUser({ idpId: 'user_arrives1', email: 'Waiting@Example.com' }),
      user(901) as UserId,
    );
    t.true(sync.created);
    t.is(sync.invitationsPending, true);
  });

  test(`${label}: an arrival with no invitation, or only a settled one, says none is pending`, async (t) => {
    const nobody = await db().users.syncFromProvider(
      aProviderUser({ idpId: 'user_arrives2', email: 'nobody@example.com' }),
      user(902) as UserId,
    );
    t.is(nobody.invitationsPending, false);

    await invite(3, 'settled@example.com');
    t.true(await db().invitations.markRevoked(invitation(3), 'revoked', at(1)));
    const settled = await db().users.syncFromProvider(
      aProviderUser({ idpId: 'user_arrives3', email: 'settled@example.com' }),
      user(903) as UserId,
    );
    t.is(settled.invitationsPending, false);
  });

  test(`${label}: a newer snapshot that moves the email to an invited address says so too`, async (t) => {
    await db().users.syncFromProvider(
      aProviderUser({ idpId: 'user_arrives4', email: 'before@example.com', updatedAt: 1_000 }),
      user(904) as UserId,
    );
    await invite(4, 'after@example.com');
    const moved = await db().users.syncFromProvider(
      aProviderUser({ idpId: 'user_arrives4', email: 'after@example.com', updatedAt: 2_000 }),
      user(905) as UserId,
    );
    t.false(moved.created);
    t.is(moved.invitationsPending, true);
  });

  test(`${label}: a replayed arrival the guard leaves unchanged gives no answer, so the caller looks itself`, async (t) => {
    const snapshot = aProviderUser({ idpId: 'user_arrives5', email: 'replay@example.com', updatedAt: 3_000 });
    await db().users.syncFromProvider(snapshot, user(906) as UserId);
    const replay = await db().users.syncFromProvider(snapshot, user(907) as UserId);
    t.false(replay.created);
    t.is(replay.invitationsPending, undefined);
  });
});
