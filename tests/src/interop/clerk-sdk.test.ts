import test from 'ava';
import { createClerkClient, verifyToken } from '@clerk/backend';
import { startIdpEmulator, type IdpEmulator } from '@idv/idp-emulator';

process.env['CLERK_TELEMETRY_DISABLED'] = '1';

let emulator: IdpEmulator;
test.before(async () => {
  emulator = await startIdpEmulator({ authorizedParty: 'http://localhost:3000' });
});
test.after.always(async () => {
  await emulator?.close();
});

const client = () => createClerkClient({ secretKey: emulator.secretKey, apiUrl: emulator.url });

test('the SDK creates and reads users, including the email lookup list', async (t) => {
  const created = await client().users.createUser({
    emailAddress: ['sdk.user@example.com'],
    firstName: 'Sdk',
    password: 'long-enough-pw',
    skipPasswordRequirement: true,
  });
  t.regex(created.id, /^user_/);
  const read = await client().users.getUser(created.id);
  t.is(read.primaryEmailAddress?.emailAddress, 'sdk.user@example.com');
  t.is(read.emailAddresses[0]?.verification?.strategy, 'admin');
  const list = await client().users.getUserList({ emailAddress: ['sdk.user@example.com'] });
  t.is(list.totalCount, 1);
  t.deepEqual(
    list.data.map((u) => u.id),
    [created.id],
  );
  const none = await client().users.getUserList({ emailAddress: ['absent@example.com'] });
  t.deepEqual([none.data.length, none.totalCount], [0, 0]);
});

test('the SDK surfaces emulator errors as ClerkAPIResponseError with the code', async (t) => {
  const error = await t.throwsAsync(client().users.getUser('user_doesnotexist'));
  t.like(error, { status: 404 });
  t.is((error as unknown as { errors: Array<{ code: string }> }).errors[0]?.code, 'resource_not_found');
});

test('the SDK creates invitations with the reference body', async (t) => {
  const invitation = await client().invitations.createInvitation({
    emailAddress: 'sdk.invitee@example.com',
    redirectUrl: 'https://app.example.com/accept',
    publicMetadata: { role: 'member' },
    notify: false,
    ignoreExisting: true,
    expiresInDays: 7,
  });
  t.regex(invitation.id, /^inv_/);
  t.is(invitation.status, 'pending');
  t.true(invitation.url?.startsWith(`${emulator.url}/v1/tickets/accept?ticket=`));
  const list = await client().invitations.getInvitationList({ status: 'pending' });
  t.true(list.data.some((i) => i.id === invitation.id));
  const revoked = await client().invitations.revokeInvitation(invitation.id);
  t.is(revoked.status, 'revoked');
});

test('SDK revokeInvitation errors carry the reference codes and messages; getInvitationList filters by status', async (t) => {
  const invitation = await client().invitations.createInvitation({
    emailAddress: 'sdk.revoke@example.com',
    redirectUrl: 'https://app.example.com/accept',
  });
  t.like(emulator.sentEmails('sdk.revoke@example.com'), [{ invitation_id: invitation.id }], 'notify defaults to true: the link is mailed');
  const revoked = await client().invitations.revokeInvitation(invitation.id);
  t.like(revoked, { id: invitation.id, status: 'revoked', revoked: true, url: undefined });

  const again = await t.throwsAsync(client().invitations.revokeInvitation(invitation.id));
  t.like(again, { status: 400 });
  t.like((again as unknown as { errors: unknown[] }).errors[0], {
    code: 'invitation_already_revoked',
    message: 'Invitation is already revoked.',
  });
  const missing = await t.throwsAsync(client().invitations.revokeInvitation('inv_doesnotexist'));
  t.like(missing, { status: 404 });
  t.like((missing as unknown as { errors: unknown[] }).errors[0], {
    code: 'resource_not_found',
    longMessage: 'No invitation was found with id inv_doesnotexist.',
  });

  const ids = (list: { data: Array<{ id: string }> }) => list.data.map((i) => i.id);
  const revokedList = await client().invitations.getInvitationList({ status: 'revoked' });
  t.true(ids(revokedList).includes(invitation.id));
  t.true(revokedList.data.every((i) => i.status === 'revoked'));
  t.is(revokedList.totalCount, revokedList.data.length);
  t.false(ids(await client().invitations.getInvitationList()).includes(invitation.id), 'the default list leaves revoked ones out');
  t.deepEqual(ids(await client().invitations.getInvitationList({ query: 'sdk.revoke@example.com', status: 'revoked' })), [invitation.id]);
});

test('SDK invitations refuse an existing address unless ignoreExisting, and an accepted one cannot be revoked', async (t) => {
  await client().users.createUser({ emailAddress: ['sdk.existing@example.com'], skipPasswordRequirement: true });
  const taken = await t.throwsAsync(client().invitations.createInvitation({ emailAddress: 'sdk.existing@example.com' }));
  t.like(taken, { status: 422 });
  t.is((taken as unknown as { errors: Array<{ code: string }> }).errors[0]?.code, 'form_identifier_exists');

  const invitation = await client().invitations.createInvitation({ emailAddress: 'sdk.accepts@example.com', notify: false });
  const signUp = await fetch(`${emulator.url}/v1/client/sign_ups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      strategy: 'ticket',
      ticket: new URL(invitation.url ?? '').searchParams.get('ticket'),
      password: 'long-enough-pw',
    }),
  });
  t.is(signUp.status, 200);
  const accepted = await client().invitations.getInvitationList({ status: 'accepted' });
  t.true(accepted.data.some((i) => i.id === invitation.id));
  const late = await t.throwsAsync(client().invitations.revokeInvitation(invitation.id));
  t.is((late as unknown as { errors: Array<{ code: string }> }).errors[0]?.code, 'invitation_already_accepted');
  const user = (await client().users.getUserList({ emailAddress: ['sdk.accepts@example.com'] })).data[0];
  t.is(user?.primaryEmailAddress?.verification?.strategy, 'ticket');
});

test('SDK deleteInvitation answers a DeletedObject and the SDK creates organizations', async (t) => {
  const invitation = await client().invitations.createInvitation({ emailAddress: 'sdk.deleted@example.com' });
  const deleted = await client().invitations.deleteInvitation(invitation.id);
  t.like(deleted, { id: invitation.id, deleted: true });
  const founder = await client().users.createUser({ emailAddress: ['sdk.founder@example.com'], skipPasswordRequirement: true });
  const organization = await client().organizations.createOrganization({ name: 'Sdk Org', createdBy: founder.id });
  t.regex(organization.id, /^org_/);
  t.like(organization, { name: 'Sdk Org', createdBy: founder.id });
});

test('SDK sessions mint tokens that verifyToken accepts through the JWKS and through the PEM', async (t) => {
  const user = await client().users.createUser({
    emailAddress: ['sdk.admin@example.com'],
    publicMetadata: { role: 'platform_admin' },
    skipPasswordRequirement: true,
  });
  const session = await client().sessions.createSession({ userId: user.id });
  t.regex(session.id, /^sess_/);
  const { jwt } = await client().sessions.getToken(session.id);
  const viaJwks = await verifyToken(jwt, {
    secretKey: emulator.secretKey,
    apiUrl: emulator.url,
    authorizedParties: ['http://localhost:3000'],
  });
  t.like(viaJwks, { sub: user.id, sid: session.id, iss: emulator.issuer, role: 'platform_admin' });
  const viaPem = await verifyToken(jwt, { jwtKey: emulator.publicKeyPem() });
  t.is(viaPem.sub, user.id);
});

test('verifyToken keeps accepting pre-rotation tokens and accepts post-rotation ones', async (t) => {
  const user = await client().users.createUser({ emailAddress: ['sdk.rotate@example.com'], skipPasswordRequirement: true });
  const session = await client().sessions.createSession({ userId: user.id });
  const before = (await client().sessions.getToken(session.id)).jwt;
  await emulator.rotateKeys();
  const after = (await client().sessions.getToken(session.id)).jwt;
  for (const jwt of [before, after]) {
    const payload = await verifyToken(jwt, { secretKey: emulator.secretKey, apiUrl: emulator.url, skipJwksCache: true });
    t.is(payload.sub, user.id);
  }
});

test('a wrong secret key is reported by the SDK as secret-key-invalid', async (t) => {
  const user = await client().users.createUser({ emailAddress: ['sdk.badkey@example.com'], skipPasswordRequirement: true });
  const session = await client().sessions.createSession({ userId: user.id });
  const { jwt } = await client().sessions.getToken(session.id);
  const error = await t.throwsAsync(verifyToken(jwt, { secretKey: 'sk_test_wrong', apiUrl: emulator.url }));
  t.is((error as unknown as { reason: string }).reason, 'secret-key-invalid');
});
