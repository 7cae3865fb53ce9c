import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import { inviteMember } from '../../invitation/use-cases/invite-member.js';
import { revokeInvitation } from '../../invitation/use-cases/revoke-invitation.js';
import { anOrganization, createTestWorld } from '../../testing/index.js';
import { deleteOrganization } from './delete-organization.js';

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
  const revokedBefore = world.idpAdmin.revokedInvitationIds.length;
  t.true(E.isRight(await deleteOrganization(world)(owner.auth, organization.id)()));
  t.deepEqual(
    [...world.idpAdmin.revokedInvitationIds.slice(revokedBefore)].sort(),
    [invited[1]!.providerInvitationId, invited[2]!.providerInvitationId].sort(),
  );
});
