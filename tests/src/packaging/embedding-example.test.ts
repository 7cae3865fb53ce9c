import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startIdpEmulator, type IdpEmulator } from '@idv/idp-emulator';
import anyTest, { type TestFn } from 'ava';
import { Webhook } from 'standardwebhooks';
import { startNodeProcess, type NodeProcess } from '../e2e/environment/node-process.js';
import { emulatorClient, type EmulatorClient } from '../support/e2e-emulator-client.js';
import { apiForSession, signedInMember } from '../support/e2e-members.js';
import { callService } from '../support/service-api.js';
import { installLikeAConsumer, manifestAt, ROOT } from './support/workspace-packages.js';

// The embedding example (examples/embedding-node-http) runs on @idv/core and
// @idv/adapters-idp alone — installed as a consumer would, with none of Koa, MikroORM or Inversify —
// and serves the core's use cases over real sockets, with the provider emulator signing its webhooks
// and minting its tokens.
interface Context {
  readonly emulator: IdpEmulator;
  readonly provider: EmulatorClient;
  readonly example: NodeProcess;
  readonly url: string;
  readonly installed: readonly string[];
  readonly dir: string;
}
const test = anyTest.serial as TestFn<Context>;
const run = promisify(execFile);
const EXAMPLE = join(ROOT, 'examples', 'embedding-node-http');
const EXAMPLE_NAME = '@idv/example-embedding-node-http';
const FORBIDDEN = /^(koa|koa-.+|@koa\/.+|@types\/koa.*|inversify|@inversifyjs\/.+|reflect-metadata|@mikro-orm\/.+|mikro-orm.*)$/;

test.before(async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'idv-example-'));
  const installed = await installLikeAConsumer(dir, Object.keys(manifestAt(EXAMPLE).dependencies ?? {}));
  cpSync(join(EXAMPLE, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(EXAMPLE, 'package.json'), join(dir, 'package.json'));
  const emulator = await startIdpEmulator({ timeScale: 0.001 });
  const { process: example, ready: url } = await startNodeProcess({
    name: 'embedding example',
    args: [join(dir, 'dist', 'main.js')],
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: '0',
      IDP_API_URL: emulator.url,
      IDP_SECRET_KEY: emulator.secretKey,
      IDP_PUBLISHABLE_KEY: emulator.publishableKey,
      IDP_WEBHOOK_SECRET: emulator.webhookSecret,
    },
    ready: (line) => /^example listening on (http:\/\/\S+)$/.exec(line)?.[1],
  });
  emulator.setWebhookUrl(`${url}/webhooks/idp`);
  t.context = { emulator, provider: emulatorClient(emulator), example, url, installed, dir };
});

test.after.always(async (t) => {
  await t.context.example?.stop();
  await t.context.emulator?.close();
  if (t.context.dir !== undefined) rmSync(t.context.dir, { recursive: true, force: true });
});

test("the example's dependency tree (npm ls) and its consumer install hold none of koa, mikro-orm or inversify", async (t) => {
  const { stdout } = await run('npm', ['ls', '--all', '--json', '--workspace', EXAMPLE_NAME], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const names = new Set<string>();
  const walk = (node: { dependencies?: Record<string, unknown> }): void => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      names.add(name);
      walk(child as { dependencies?: Record<string, unknown> });
    }
  };
  walk(JSON.parse(stdout) as { dependencies?: Record<string, unknown> });
  t.true(names.has('@idv/core') && names.has('@idv/adapters-idp') && names.has('jose'), [...names].join(', '));
  t.deepEqual(
    [...names].filter((name) => FORBIDDEN.test(name)),
    [],
  );
  t.deepEqual(
    t.context.installed.filter((name) => FORBIDDEN.test(name)),
    [],
  );
  t.deepEqual(
    t.context.installed.filter((name) => name.startsWith('@idv/')),
    ['@idv/adapters-idp', '@idv/core'],
  );
});

test('a provider user arrives by signed webhook and GET /users/me answers it, with a token minted by the provider', async (t) => {
  const { provider, url } = t.context;
  const owner = await signedInMember(provider, url, 'example-owner@example.com');
  const deliveries = (await provider.deliveries()).filter((delivery) => delivery.userId === owner.idpId);
  t.deepEqual(
    deliveries.map((delivery) => [delivery.eventType, delivery.status]),
    [['user.created', 200]],
  );
  const me = await owner.api.get('/users/me');
  t.is(me.status, 200);
  t.like(me.body, { user: { idpId: owner.idpId, email: owner.email }, memberships: [] });
});

test('without the webhook (deliveries off), GET /users/me recovers the user from the provider admin API', async (t) => {
  const { provider, url, emulator } = t.context;
  emulator.setWebhookUrl(undefined);
  t.teardown(() => emulator.setWebhookUrl(`${url}/webhooks/idp`));
  const user = await provider.createUser('example-late@example.com');
  const session = await provider.openSession(user.id);
  const me = await apiForSession(provider, url, session.id).get('/users/me');
  t.is(me.status, 200);
  t.like(me.body.user, { idpId: user.id, email: 'example-late@example.com' });
});

test('webhooks without signature headers, or signed with another secret, are refused with 400 and change nothing', async (t) => {
  const { url } = t.context;
  const body = JSON.stringify({ type: 'user.deleted', object: 'event', data: { id: 'user_nobody', deleted: true, object: 'user' } });
  const unsigned = await fetch(`${url}/webhooks/idp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  t.is(unsigned.status, 400);
  t.like(await unsigned.json(), { statusCode: 400, code: 'MissingSignatureHeaders' });
  const at = new Date();
  const forged = new Webhook(`whsec_${Buffer.from('not-the-provider-secret-0123456789').toString('base64')}`).sign('msg_forged', at, body);
  const answer = await fetch(`${url}/webhooks/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idp-webhook-id': 'msg_forged',
      'idp-webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'idp-webhook-signature': forged,
    },
    body,
  });
  t.is(answer.status, 400);
  t.like(await answer.json(), { statusCode: 400, code: 'InvalidWebhookSignature' });
});

test('requests without a valid bearer token get 401 from authenticateRequest', async (t) => {
  const { url } = t.context;
  t.like(await callService(url, null, 'GET', '/users/me'), { status: 401, body: { code: 'Unauthenticated' } });
  t.like(await callService(url, () => ({ authorization: 'Bearer not.a.token' }), 'GET', '/users/me'), {
    status: 401,
    body: { code: 'Unauthenticated' },
  });
});

test('organizations: create, invite a provider user, the invitee accepts once, both are members', async (t) => {
  const { provider, url } = t.context;
  const owner = await signedInMember(provider, url, 'example-org-owner@example.com');
  const invitee = await signedInMember(provider, url, 'example-invitee@example.com');
  t.like(await owner.api.post('/organizations', { name: '' }), { status: 400, body: { code: 'ValidationFailed' } });
  const created = await owner.api.post('/organizations', { name: 'Embedded Gym' });
  t.is(created.status, 201);
  t.like(created.body, { organization: { name: 'Embedded Gym' }, membership: { role: 'owner', status: 'active' } });
  const orgId = created.body.organization.id as string;

  t.like(await invitee.api.post(`/organizations/${orgId}/invitations`, { email: 'x@example.com', role: 'member' }), {
    status: 404,
    body: { code: 'OrganizationNotFound' },
  });
  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: invitee.email, role: 'coach' });
  t.is(invited.status, 201);
  t.like(invited.body, {
    invitation: { email: invitee.email, role: 'coach', status: 'pending' },
    membership: { status: 'pending_invitation' },
  });

  const accepted = await invitee.api.post('/invitations/accept', { invitationId: invited.body.invitation.id });
  t.is(accepted.status, 200);
  t.like(accepted.body, { membership: { organizationId: orgId, role: 'coach', status: 'active' } });
  t.like(await invitee.api.post('/invitations/accept', { invitationId: invited.body.invitation.id }), {
    status: 409,
    body: { code: 'InvitationNotPending' },
  });

  const members = await owner.api.get(`/organizations/${orgId}/members`);
  t.is(members.status, 200);
  t.deepEqual((members.body.items as Array<{ role: string; status: string }>).map((row) => [row.role, row.status]).sort(), [
    ['coach', 'active'],
    ['owner', 'active'],
  ]);
  const me = await invitee.api.get('/users/me');
  t.like(me.body.memberships[0], { organizationId: orgId, organizationName: 'Embedded Gym', role: 'coach', status: 'active' });
});
