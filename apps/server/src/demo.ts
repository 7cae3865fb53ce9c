import type { DevIdpFile } from './dev-idp-file.js';
import { callBytes, callJson, expectOk } from './demo-http.js';
import { compliancePdfStory } from './demo-agreement-pdf.js';
import { agreementStory } from './demo-agreements.js';
import { startDemoEvents } from './demo-events.js';
import { paymentStory } from './demo-payments.js';
import { purchaseStory } from './demo-purchases.js';
import { findDemoTarget } from './demo-target.js';

// `npm run demo`: walks the whole story against a running development service (`npm start`),
// using the emulator that service started. Each step prints what it did in plain words.
const say = (line = ''): void => void process.stdout.write(`${line}\n`);

const story = async ({ serviceUrl, emulatorUrl, secretKey, paymentsEmulatorUrl }: DevIdpFile): Promise<void> => {
  const admin = (method: string, path: string, body?: unknown) =>
    callJson(`${emulatorUrl}${path}`, { method, headers: { authorization: `Bearer ${secretKey}` }, body });
  const settle = async (): Promise<void> => {
    const answer = await callJson(`${emulatorUrl}/_emulator/deliveries/settled?timeoutMs=15000`);
    if (answer.body?.settled !== true) throw new Error(`webhook deliveries did not settle: ${JSON.stringify(answer.body)}`);
  };
  const deliveriesOf = async (userId: string, type: string): Promise<string> => {
    const log = expectOk('the delivery log', await callJson(`${emulatorUrl}/_emulator/deliveries`)) as Array<{
      eventType: string;
      userId: string;
      status: unknown;
    }>;
    const mine = log.filter((d) => d.userId === userId && d.eventType === type);
    return mine.length === 0 ? 'no delivery recorded' : mine.map((d) => `answered ${String(d.status)}`).join(', then ');
  };
  const me = (token: string) => callJson(`${serviceUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const mint = async (sessionId: string): Promise<string> =>
    expectOk('minting a token', await admin('POST', `/v1/sessions/${sessionId}/tokens`)).jwt as string;
  // Each call mints a fresh token: session tokens live 60 seconds.
  const api = (sessionId: string) => async (method: string, path: string, body?: unknown) =>
    callJson(`${serviceUrl}${path}`, { method, headers: { authorization: `Bearer ${await mint(sessionId)}` }, body });
  const download = (sessionId: string) => async (path: string) =>
    callBytes(`${serviceUrl}${path}`, { authorization: `Bearer ${await mint(sessionId)}` });

  const email = `demo-${Date.now().toString(36)}@example.com`;
  say(`1. Create the user ${email} at the provider emulator.`);
  const user = expectOk('creating the user', await admin('POST', '/v1/users', { email_address: [email], first_name: 'Demo' }));
  say(`   The provider gave it the id ${user.id}.`);

  say('2. Wait for the provider to deliver the user.created webhook to the service.');
  await settle();
  say(`   Delivery of user.created: ${await deliveriesOf(user.id, 'user.created')}.`);

  say('3. Open a session for the user at the provider.');
  const session = expectOk('opening a session', await admin('POST', '/v1/sessions', { user_id: user.id }));
  say(`   Session ${session.id} is ${session.status}.`);

  say('4. Get a session token (valid for 60 seconds), as a web or mobile client would.');
  const firstToken = await mint(session.id);
  say(`   Token: ${firstToken.slice(0, 24)}… (${firstToken.length} characters)`);

  say('5. Call GET /users/me on the service with that token.');
  const first = await me(firstToken);
  say(`   ${first.status}: ${JSON.stringify(first.body)}`);
  expectOk('GET /users/me', first);

  const renamed = `renamed-${email}`;
  say(`6. Change the user's email at the provider to ${renamed}.`);
  expectOk(
    'changing the email',
    await admin('POST', '/v1/email_addresses', { user_id: user.id, email_address: renamed, verified: true, primary: true }),
  );
  await settle();
  say(`   Delivery of user.updated: ${await deliveriesOf(user.id, 'user.updated')}.`);
  const second = await me(firstToken);
  say(`   GET /users/me now says: ${second.status}, email ${JSON.stringify(second.body?.user?.email)}.`);

  const owner = api(session.id);
  const gym = `Demo Gym ${email.slice(5, 12)}`;
  say(`7. As that user, create the organization "${gym}" (POST /organizations).`);
  const organization = expectOk('creating the organization', await owner('POST', '/organizations', { name: gym }));
  const orgId = organization.organization.id as string;
  say(`   Organization ${orgId}; the caller's membership is ${organization.membership.role}, ${organization.membership.status}.`);
  const events = await startDemoEvents(say, owner, orgId);

  const inviteeEmail = `coach-${email}`;
  say(`8. Invite ${inviteeEmail}, who has no account yet, as a member (POST /organizations/${orgId}/invitations).`);
  const invited = expectOk('inviting', await owner('POST', `/organizations/${orgId}/invitations`, { email: inviteeEmail, role: 'member' }));
  say(`   Invitation ${invited.invitation.status}, expires ${invited.invitation.expiresAt}; membership ${invited.membership.status}.`);

  say('9. The provider e-mailed an invitation link; the invitee opens it and signs up with the ticket.');
  const [mail] = expectOk(
    'reading the e-mails',
    await callJson(`${emulatorUrl}/_emulator/emails?to=${encodeURIComponent(inviteeEmail)}`),
  ) as Array<{ url: string }>;
  if (mail === undefined) throw new Error(`no invitation e-mail was sent to ${inviteeEmail}`);
  const link = await fetch(mail.url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  await link.body?.cancel();
  const location = new URL(link.headers.get('location') ?? 'http://invalid/');
  say(`   The link answers ${link.status}, to ${location.origin}${location.pathname} (${location.searchParams.get('__idp_status')}).`);
  const ticket = location.searchParams.get('__idp_ticket');
  if (ticket === null) throw new Error(`the invitation link did not redirect with a ticket (${link.status})`);
  const signUp = expectOk(
    'signing up with the ticket',
    await callJson(`${emulatorUrl}/v1/client/sign_ups`, {
      method: 'POST',
      body: { strategy: 'ticket', ticket, password: `demo-${Date.now()}-password` },
    }),
  );
  say(`   The invitee is now provider user ${signUp.created_user_id}.`);
  await settle();
  say(`   Delivery of user.created: ${await deliveriesOf(signUp.created_user_id, 'user.created')}.`);

  say('10. The invitee calls GET /users/me: the user.created webhook accepted the invitation.');
  const invitee = expectOk('GET /users/me as the invitee', await me(await mint(signUp.created_session_id)));
  for (const m of invitee.memberships) say(`   ${m.organizationName}: ${m.role}, ${m.status}.`);
  const joined = (invitee.memberships as Array<{ id: string; organizationId: string; status: string }>).find(
    (m) => m.organizationId === orgId,
  );
  if (joined?.status !== 'active') throw new Error('the invitation was not accepted');

  say(`11. The owner makes the new member a coach (PATCH /organizations/${orgId}/members/${joined.id}).`);
  const promoted = expectOk('changing the role', await owner('PATCH', `/organizations/${orgId}/members/${joined.id}`, { role: 'coach' }));
  say(`   ${promoted.membership.email} is now ${promoted.membership.role}, ${promoted.membership.status}.`);

  const { agreementId } = await agreementStory(say, owner, orgId, joined.id, 12);
  await compliancePdfStory(say, { json: owner, download: download(session.id) }, orgId, agreementId);

  say(`15. The audit trail (GET /organizations/${orgId}/audit), newest first:`);
  const audit = expectOk('reading the audit trail', await owner('GET', `/organizations/${orgId}/audit`));
  const nameOf = new Map([
    [first.body.user.id as string, 'the owner'],
    [invitee.user.id as string, 'the invitee'],
  ]);
  for (const entry of audit.items as Array<{ action: string; actorUserId: string; createdAt: string; after: unknown }>) {
    const after = (entry.after ?? {}) as Record<string, unknown>;
    const summary = ['name', 'email', 'role', 'status']
      .filter((key) => after[key] !== undefined)
      .map((key) => `${key} ${String(after[key])}`)
      .join(', ');
    say(
      `   ${entry.createdAt}  ${entry.action.padEnd(24)} by ${(nameOf.get(entry.actorUserId) ?? entry.actorUserId).padEnd(11)}  ${summary}`,
    );
  }

  let next = 16;
  if (paymentsEmulatorUrl === undefined) {
    say('   (No payments emulator: the service runs with PAYMENTS_PROVIDERS set, so the payment steps are skipped.)');
  } else {
    await paymentStory(say, owner, orgId, next);
    next += 3;
    await purchaseStory(say, { serviceUrl, emulatorUrl, owner, asSession: api }, orgId, next);
    next += 3;
  }

  await events.report();
  const token = await mint(session.id); // a fresh one, so it is surely unexpired after the deletion
  say(`${next}. Delete the owner at the provider.`);
  expectOk('deleting the user', await admin('DELETE', `/v1/users/${user.id}`));
  await settle();
  say(`   Delivery of user.deleted: ${await deliveriesOf(user.id, 'user.deleted')}.`);
  const third = await me(token);
  say(`   GET /users/me with a token minted just before the deletion, still unexpired: ${third.status} ${JSON.stringify(third.body)}`);
  say(third.status === 410 ? '   410 Gone: the service remembers the user was deleted.' : `   Expected 410, got ${third.status}.`);
  if (third.status !== 410) throw new Error('the deleted user did not answer 410');
};

const found = findDemoTarget(process.env);
if (!found.found) {
  say(`No running development service found (${found.reason}).`);
  say('Start it in another terminal with `npm start` (with no provider configured it runs the emulator),');
  say('then run `npm run demo` again with the same DATA_DIR.');
  process.exit(1);
}
const health = await callJson(`${found.target.serviceUrl}/health`).catch(() => undefined);
if (health === undefined) {
  say(`${found.path} names ${found.target.serviceUrl}, but nothing answers there. Start the service with \`npm start\`.`);
  process.exit(1);
}
say(`Service ${found.target.serviceUrl}, provider emulator ${found.target.emulatorUrl} (from ${found.path}).`);
say();
try {
  await story(found.target);
  say();
  say(
    'Done: the service followed the provider through create, update and delete, an organization through invite, accept, role change, a signed waiver with its verified PDF, audit, payments through PayTR and iyzico 3DS, and a visitor’s purchase of a plan that made them a member.',
  );
} catch (error) {
  say(`The demo stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
