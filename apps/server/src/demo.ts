import type { DevIdpFile } from './dev-idp-file.js';
import { callJson, expectOk } from './demo-http.js';
import { findDemoTarget } from './demo-target.js';

// `npm run demo`: walks the whole story against a running development service (`npm start`),
// using the emulator that service started. Each step prints what it did in plain words.
const say = (line = ''): void => void process.stdout.write(`${line}\n`);

const story = async ({ serviceUrl, emulatorUrl, secretKey }: DevIdpFile): Promise<void> => {
  const admin = (method: string, path: string, body?: unknown) =>
    callJson(`${emulatorUrl}${path}`, { method, headers: { authorization: `Bearer ${secretKey}` }, body });
  const settle = async (): Promise<void> => {
    const answer = await callJson(`${emulatorUrl}/_emulator/deliveries/settled?timeoutMs=15000`);
    if (answer.body?.settled !== true) throw new Error(`webhook deliveries did not settle: ${JSON.stringify(answer.body)}`);
  };
  const deliveriesOf = async (userId: string, type: string): Promise<string> => {
    const log = expectOk('the delivery log', await callJson(`${emulatorUrl}/_emulator/deliveries`)) as Array<{ eventType: string; userId: string; status: unknown }>;
    const mine = log.filter((d) => d.userId === userId && d.eventType === type);
    return mine.length === 0 ? 'no delivery recorded' : mine.map((d) => `answered ${String(d.status)}`).join(', then ');
  };
  const me = (token: string) => callJson(`${serviceUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } });

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
  const token = expectOk('minting a token', await admin('POST', `/v1/sessions/${session.id}/tokens`)).jwt as string;
  say(`   Token: ${token.slice(0, 24)}… (${token.length} characters)`);

  say('5. Call GET /users/me on the service with that token.');
  const first = await me(token);
  say(`   ${first.status}: ${JSON.stringify(first.body)}`);
  expectOk('GET /users/me', first);

  const renamed = `renamed-${email}`;
  say(`6. Change the user's email at the provider to ${renamed}.`);
  expectOk('changing the email', await admin('POST', '/v1/email_addresses', { user_id: user.id, email_address: renamed, verified: true, primary: true }));
  await settle();
  say(`   Delivery of user.updated: ${await deliveriesOf(user.id, 'user.updated')}.`);
  const second = await me(token);
  say(`   GET /users/me now says: ${second.status}, email ${JSON.stringify(second.body?.user?.email)}.`);

  say('7. Delete the user at the provider.');
  expectOk('deleting the user', await admin('DELETE', `/v1/users/${user.id}`));
  await settle();
  say(`   Delivery of user.deleted: ${await deliveriesOf(user.id, 'user.deleted')}.`);
  const third = await me(token);
  say(`   GET /users/me with the same, still unexpired token: ${third.status} ${JSON.stringify(third.body)}`);
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
  say('Done: the service followed the provider through create, update and delete.');
} catch (error) {
  say(`The demo stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
