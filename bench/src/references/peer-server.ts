// Reference (b), the peer a team would otherwise write: Koa + @koa/router, the provider SDK's
// networkless `verifyToken(token, { jwtKey })`, Standard Webhooks' `Webhook.verify`, and plain
// (unprepared) `pg` queries.
import { randomUUID } from 'node:crypto';
import { verifyToken } from '@clerk/backend';
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { userColumns } from './provider-user.js';
import { readReferenceEnv } from './reference-env.js';
import { MARK_USER_DELETED, meBody, MEMBERSHIPS_OF_USER, SYNC_USER, USER_BY_IDP_ID, type MembershipRow, type UserRow } from './sql.js';

const env = readReferenceEnv();
const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.poolSize });
pool.on('error', () => undefined);
const webhook = new Webhook(env.webhookSecret);
const router = new Router();

const fail = (ctx: Koa.Context, status: number, message: string): void => {
  ctx.status = status;
  ctx.body = { statusCode: status, error: status === 401 ? 'Unauthorized' : 'Error', message };
};

router.get('/health', (ctx) => {
  ctx.body = { status: 'ok' };
});

router.get('/users/me', async (ctx) => {
  const authorization = ctx.get('authorization');
  let subject: string | undefined;
  try {
    const claims = await verifyToken(authorization.replace(/^Bearer /, ''), { jwtKey: env.jwtKey });
    subject = typeof claims.sid === 'string' ? claims.sub : undefined;
  } catch {
    subject = undefined;
  }
  if (subject === undefined) return fail(ctx, 401, 'Unauthenticated');
  const { rows: [user] } = await pool.query<UserRow>(USER_BY_IDP_ID, [subject]);
  if (user === undefined) return fail(ctx, 404, 'User not found');
  if (user.deleted_at !== null) return fail(ctx, 410, 'User deleted');
  const { rows: memberships } = await pool.query<MembershipRow>(MEMBERSHIPS_OF_USER, [user.id]);
  ctx.body = meBody(user, memberships);
});

router.post('/webhooks/idp', async (ctx) => {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  let event: { type?: unknown; data?: { id?: unknown } } | undefined;
  try {
    event = webhook.verify(body, {
      'webhook-id': ctx.get('idp-webhook-id'),
      'webhook-timestamp': ctx.get('idp-webhook-timestamp'),
      'webhook-signature': ctx.get('idp-webhook-signature'),
    }) as typeof event;
  } catch {
    event = undefined;
  }
  if (event === undefined) return fail(ctx, 400, 'Invalid webhook signature');
  if (event.type === 'user.created' || event.type === 'user.updated') {
    const user = userColumns(event.data);
    if (user === undefined) return fail(ctx, 400, 'Invalid user payload');
    await pool.query(SYNC_USER, [randomUUID(), user.idpId, user.email, user.imageUrl, user.updatedAt]);
  } else if (event.type === 'user.deleted' && typeof event.data?.id === 'string') {
    await pool.query(MARK_USER_DELETED, [randomUUID(), event.data.id]);
  }
  ctx.body = { received: true };
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
const server = app.listen(env.port, '127.0.0.1');
server.keepAliveTimeout = 65_000;
process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
