import anyTest, { type TestFn } from 'ava';
import { apiForSession, resendUserCreated, signedInMember } from '../support/e2e-members.js';
import { loadE2eState } from './environment/e2e-state.js';
import { startProcessPair, type ProcessPair } from './environment/process-pair.js';

// Invitation path 1, and the rule that invitations match only a verified primary address. The
// duplicate switch is global to an emulator, so this file runs its own pair.
const test = anyTest as TestFn<{ pair: ProcessPair }>;

test.before(async (t) => {
  loadE2eState(); // e2e specs run only inside the e2e run (npm test), never on their own
  t.context = { pair: await startProcessPair() };
});
test.after.always(async (t) => {
  await t.context.pair?.close();
});

const APP_URL = 'http://localhost:3000'; // the service's default APP_URL: the ticket redirects to its /sign-up

test.serial(
  'path 1: an invitee with no account signs up through the e-mailed ticket and user.created makes the membership active; duplicates change nothing',
  async (t) => {
    const { pair } = t.context;
    const { provider } = pair;
    const serviceUrl = pair.service().url;
    const owner = await signedInMember(provider, serviceUrl, 'path1-owner@example.com');

    const organization = await owner.api.post('/organizations', { name: 'Path One Gym' });
    t.is(organization.status, 201);
    const orgId = organization.body.organization.id as string;

    const inviteeEmail = 'path1-invitee@example.com';
    const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: inviteeEmail, role: 'coach' });
    t.is(invited.status, 201);
    t.like(invited.body, { invitation: { email: inviteeEmail, role: 'coach', status: 'pending' }, membership: { status: 'invited' } });
    t.regex(invited.body.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    const invitationId = invited.body.invitation.id as string;

    const [email, ...older] = await provider.emails(inviteeEmail);
    t.deepEqual(older, [], 'one e-mail to the invitee');
    const providerInvitation = await provider.providerInvitation(email!.invitation_id);
    t.like(providerInvitation, { status: 'pending', redirect_url: `${APP_URL}/sign-up`, public_metadata: { invitationId } });

    const link = await provider.openTicketLink(email!.url);
    t.is(link.status, 302);
    const target = new URL(link.location ?? '');
    t.is(`${target.origin}${target.pathname}`, `${APP_URL}/sign-up`);
    t.is(target.searchParams.get('__idp_status'), 'sign_up');
    const ticket = target.searchParams.get('__idp_ticket') ?? '';
    t.is(ticket, providerInvitation.ticket);

    await provider.setDeliveryMode({ duplicate: true });
    const signUp = await provider.signUpWithTicket(ticket, 'path-one-password-1');
    await provider.waitSettled();
    await provider.setDeliveryMode({ duplicate: false });
    const createdDeliveries = (await provider.deliveries()).filter(
      (d) => d.eventType === 'user.created' && d.userId === signUp.created_user_id,
    );
    t.is(createdDeliveries.filter((d) => d.status === 200).length, 2, 'user.created was delivered twice, both answered 200');
    t.is(new Set(createdDeliveries.map((d) => d.messageId)).size, 1, 'the two deliveries are one message');

    const invitee = apiForSession(provider, serviceUrl, signUp.created_session_id);
    const me = await invitee.get('/users/me');
    t.is(me.status, 200);
    t.like(me.body.user, { idpId: signUp.created_user_id, email: inviteeEmail });
    t.deepEqual(me.body.memberships, [
      {
        id: invited.body.membership.id,
        organizationId: orgId,
        organizationName: 'Path One Gym',
        role: 'coach',
        status: 'active',
        validUntil: null,
      },
    ]);

    const invitations = await owner.api.get(`/organizations/${orgId}/invitations`);
    t.is(invitations.status, 200);
    t.like(
      invitations.body.items.find((i: { id: string }) => i.id === invitationId),
      { status: 'accepted', email: inviteeEmail },
    );
    t.is((await provider.providerInvitation(email!.invitation_id)).status, 'accepted');

    const acceptedEntries = async () => {
      const audit = await owner.api.get(`/organizations/${orgId}/audit`);
      t.is(audit.status, 200);
      return (audit.body.items as Array<{ action: string; actorUserId: string; targetId: string }>).filter(
        (e) => e.action === 'invitation.accepted',
      );
    };
    const accepted = await acceptedEntries();
    t.is(accepted.length, 1);
    t.like(accepted[0], { actorUserId: me.body.user.id, targetId: invitationId });

    // A later re-send under a new message id (past the inbox's deduplication) claims nothing either.
    t.is(await resendUserCreated(provider, serviceUrl, pair.emulator.webhookSecret, signUp.created_user_id), 200);
    const again = await invitee.get('/users/me');
    t.deepEqual(again.body.memberships, me.body.memberships);
    t.is((await acceptedEntries()).length, 1, 'still one invitation.accepted entry');
    const roster = await owner.api.get(`/organizations/${orgId}/members?include=cancelled`);
    t.deepEqual(
      (roster.body.items as Array<{ email: string; role: string; status: string }>)
        .filter((m) => m.email === inviteeEmail)
        .map((m) => [m.role, m.status]),
      [['coach', 'active']],
      'one membership for the invitee',
    );
    t.is(
      (await invitee.post('/invitations/accept', { token: invited.body.token })).status,
      409,
      'the link token cannot accept a second time',
    );
  },
);

test.serial(
  'an unverified sign-up on an invited address is not auto-accepted, sees no invitations and gets 403 on accept; the user.updated that verifies it accepts the path-1 invitation',
  async (t) => {
    const { pair } = t.context;
    const { provider } = pair;
    const serviceUrl = pair.service().url;
    const owner = await signedInMember(provider, serviceUrl, 'unverified-owner@example.com');
    const orgId = (await owner.api.post('/organizations', { name: 'Verified Only Gym' })).body.organization.id as string;
    const inviteeEmail = 'unverified-invitee@example.com';
    const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: inviteeEmail, role: 'admin' });
    t.like(invited.body, { membership: { status: 'invited' } });
    const invitationId = invited.body.invitation.id as string;

    // Someone signs up with the invited address without the ticket and without verifying it.
    const squatter = await provider.signUpUnverified(inviteeEmail);
    const session = await provider.openSession(squatter.id);
    await provider.waitSettled();
    const invitee = apiForSession(provider, serviceUrl, session.id);
    const me = await invitee.get('/users/me');
    t.like(me.body.user, { idpId: squatter.id, email: inviteeEmail });
    t.deepEqual(me.body.memberships, [], 'user.created accepted nothing');
    const mine = await invitee.get('/users/me/invitations');
    t.is(mine.status, 200);
    t.deepEqual(mine.body, { items: [] });
    for (const body of [{ invitationId }, { token: invited.body.token as string }]) {
      const accept = await invitee.post('/invitations/accept', body);
      t.is(accept.status, 403, JSON.stringify(accept.body));
      t.like(accept.body, { code: 'EmailNotVerified' });
      t.like(await invitee.post('/invitations/decline', body), { status: 403, body: { code: 'EmailNotVerified' } });
    }

    // The provider verifies the address: its user.updated accepts the invitation, as user.created would have.
    await provider.verifyEmailAddress(squatter.primary_email_address_id!);
    await provider.waitSettled();
    t.deepEqual((await invitee.get('/users/me')).body.memberships, [
      {
        id: invited.body.membership.id,
        organizationId: orgId,
        organizationName: 'Verified Only Gym',
        role: 'admin',
        status: 'active',
        validUntil: null,
      },
    ]);
    const invitations = await owner.api.get(`/organizations/${orgId}/invitations`);
    t.like(
      invitations.body.items.find((i: { id: string }) => i.id === invitationId),
      { status: 'accepted' },
    );
  },
);

test.serial('a retried user.created of a path-2 invitee leaves the pending_invitation for the in-app answer', async (t) => {
  const { pair } = t.context;
  const { provider } = pair;
  const serviceUrl = pair.service().url;
  const owner = await signedInMember(provider, serviceUrl, 'retry-owner@example.com');
  const invitee = await signedInMember(provider, serviceUrl, 'retry-invitee@example.com');
  const orgId = (await owner.api.post('/organizations', { name: 'In-App Gym' })).body.organization.id as string;
  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: invitee.email, role: 'coach' });
  t.like(invited.body, { membership: { status: 'pending_invitation' } });

  t.is(await resendUserCreated(provider, serviceUrl, pair.emulator.webhookSecret, invitee.idpId), 200);
  t.like(
    (await invitee.api.get('/users/me')).body.memberships,
    [{ id: invited.body.membership.id, status: 'pending_invitation' }],
    'still waiting for the invitee',
  );
  t.like((await invitee.api.get('/users/me/invitations')).body.items, [{ id: invited.body.invitation.id, status: 'pending' }]);
  t.is((await invitee.api.post('/invitations/accept', { invitationId: invited.body.invitation.id })).status, 200);
});
