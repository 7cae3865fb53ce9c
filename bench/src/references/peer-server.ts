// Reference (b), the peer a team would otherwise write: Koa + @koa/router, the provider SDK's
// networkless `verifyToken(token, { jwtKey })`, Standard Webhooks' `Webhook.verify`, and plain
// (unprepared) `pg` queries. GET /organizations/:orgId/members does what the service does, in its
// order: the user by idp_id, the organization, the caller's membership in it, the roster page.
import { randomUUID } from 'node:crypto';
import { verifyToken } from '@clerk/backend';
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { userColumns } from './provider-user.js';
import { readReferenceEnv } from './reference-env.js';
import { isUuid, rosterError, rosterPage, rosterQuery, rosterStatement, seesRoster } from './roster.js';
import {
  MARK_USER_DELETED,
  meBody,
  memberJson,
  MEMBERSHIP_OF_USER_IN,
  MEMBERSHIPS_OF_USER,
  ORGANIZATION_BY_ID,
  SYNC_USER,
  USER_BY_IDP_ID,
  type MemberRow,
  type MembershipRow,
  type OrganizationRow,
  type UserRow,
} from './sql.js';

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

const subjectOf = async (ctx: Koa.Context): Promise<string | undefined> => {
  try {
    const claims = await verifyToken(ctx.get('authorization').replace(/^Bearer /, ''), { jwtKey: env.jwtKey });
    return typeof claims.sid === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
};

const answer = (ctx: Koa.Context, status: number, body: unknown): void => {
  ctx.status = status;
  ctx.body = body;
};

router.get('/users/me', async (ctx) => {
  const subject = await subjectOf(ctx);
  if (subject === undefined) return fail(ctx, 401, 'Unauthenticated');
  const {
    rows: [user],
  } = await pool.query<UserRow>(USER_BY_IDP_ID, [subject]);
  if (user === undefined) return fail(ctx, 404, 'User not found');
  if (user.deleted_at !== null) return fail(ctx, 410, 'User deleted');
  const { rows: memberships } = await pool.query<MembershipRow>(MEMBERSHIPS_OF_USER, [user.id]);
  ctx.body = meBody(user, memberships);
});

router.get('/organizations/:orgId/members', async (ctx) => {
  const subject = await subjectOf(ctx);
  if (subject === undefined) return fail(ctx, 401, 'Unauthenticated');
  const organizationId = ctx.params['orgId']!;
  const query = rosterQuery(new URLSearchParams(ctx.querystring));
  if (query === undefined || !isUuid(organizationId)) return answer(ctx, 400, rosterError.validation);
  const {
    rows: [user],
  } = await pool.query<UserRow>(USER_BY_IDP_ID, [subject]);
  if (user === undefined) return answer(ctx, 404, rosterError.notFound);
  if (user.deleted_at !== null) return answer(ctx, 410, rosterError.deleted);
  const {
    rows: [organization],
  } = await pool.query<OrganizationRow>(ORGANIZATION_BY_ID, [organizationId]);
  if (organization === undefined) return answer(ctx, 404, rosterError.notFound);
  const {
    rows: [membership],
  } = await pool.query<MemberRow>(MEMBERSHIP_OF_USER_IN, [organizationId, user.id]);
  if (membership === undefined) return answer(ctx, 404, rosterError.notFound);
  if (membership.status !== 'active') return answer(ctx, 403, rosterError.forbidden(membership.status));
  if (!seesRoster(membership.role)) return answer(ctx, 200, { items: [memberJson(membership)], nextCursor: null });
  const statement = rosterStatement(organizationId, query);
  // Unprepared, like every query of the peer: the text and values only.
  const rows = statement === undefined ? [] : (await pool.query<MemberRow>(statement.text, statement.values)).rows;
  answer(ctx, 200, rosterPage(rows, query.limit));
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
