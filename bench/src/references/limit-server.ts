// Reference (a), the limit: the same work as the service's hot paths, by hand, on node:http.
// GET /users/me: bearer parse, jose jwtVerify with the key imported once, issuer/sub/sid checks, then
// two named prepared statements. POST /webhooks/idp: raw body, HMAC-SHA256 over
// `${id}.${timestamp}.${body}` checked with timingSafeEqual, one prepared INSERT … ON CONFLICT.
// GET /organizations/:orgId/members: the same bearer check, then named prepared statements in the
// service's order: the user by idp_id, the organization by id, the caller's membership in it (404
// when none, 403 unless active; a `member` gets its own row), the roster page.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { importSPKI, jwtVerify } from 'jose';
import pg from 'pg';
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
const key = await importSPKI(env.jwtKey, 'RS256');
const webhookKey = Buffer.from(env.webhookSecret.slice('whsec_'.length), 'base64');
const TOLERANCE_SECONDS = 5 * 60;

const send = (response: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
};

const subjectOf = async (authorization: string | undefined): Promise<string | undefined> => {
  if (authorization === undefined || !authorization.startsWith('Bearer ')) return undefined;
  try {
    const { payload, protectedHeader } = await jwtVerify(authorization.slice(7), key, {
      algorithms: ['RS256'],
      issuer: env.issuer,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      clockTolerance: 5,
    });
    if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') return undefined;
    return typeof payload.sub === 'string' && payload.sub !== '' && typeof payload['sid'] === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
};

const getMe = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  const subject = await subjectOf(request.headers.authorization);
  if (subject === undefined) return send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Unauthenticated' });
  const users = await pool.query<UserRow>({ name: 'user-by-idp-id', text: USER_BY_IDP_ID, values: [subject] });
  const user = users.rows[0];
  if (user === undefined) return send(response, 404, { statusCode: 404, error: 'Not Found', message: 'User not found' });
  if (user.deleted_at !== null) return send(response, 410, { statusCode: 410, error: 'Gone', message: 'User deleted' });
  const memberships = await pool.query<MembershipRow>({ name: 'memberships-of-user', text: MEMBERSHIPS_OF_USER, values: [user.id] });
  send(response, 200, meBody(user, memberships.rows));
};

const listMembers = async (request: IncomingMessage, response: ServerResponse, organizationId: string, search: string): Promise<void> => {
  const subject = await subjectOf(request.headers.authorization);
  if (subject === undefined) return send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Unauthenticated' });
  const query = rosterQuery(new URLSearchParams(search));
  if (query === undefined || !isUuid(organizationId)) return send(response, 400, rosterError.validation);
  const users = await pool.query<UserRow>({ name: 'user-by-idp-id', text: USER_BY_IDP_ID, values: [subject] });
  const user = users.rows[0];
  if (user === undefined) return send(response, 404, rosterError.notFound);
  if (user.deleted_at !== null) return send(response, 410, rosterError.deleted);
  const organizations = await pool.query<OrganizationRow>({
    name: 'organization-by-id',
    text: ORGANIZATION_BY_ID,
    values: [organizationId],
  });
  if (organizations.rows[0] === undefined) return send(response, 404, rosterError.notFound);
  const memberships = await pool.query<MemberRow>({
    name: 'membership-of-user-in',
    text: MEMBERSHIP_OF_USER_IN,
    values: [organizationId, user.id],
  });
  const membership = memberships.rows[0];
  if (membership === undefined) return send(response, 404, rosterError.notFound);
  if (membership.status !== 'active') return send(response, 403, rosterError.forbidden(membership.status));
  if (!seesRoster(membership.role)) return send(response, 200, { items: [memberJson(membership)], nextCursor: null });
  const statement = rosterStatement(organizationId, query);
  const rows = statement === undefined ? [] : (await pool.query<MemberRow>(statement)).rows;
  send(response, 200, rosterPage(rows, query.limit));
};

const ROSTER_PATH = /^\/organizations\/([^/]+)\/members$/;

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const header = (request: IncomingMessage, name: string): string => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
};

// The Standard Webhooks scheme by hand: base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, any of
// the space-separated `v1,<signature>` entries may match, timestamp within five minutes.
const signatureValid = (id: string, timestamp: string, signatures: string, body: Buffer): boolean => {
  const seconds = Number(timestamp);
  if (id === '' || !Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', webhookKey).update(`${id}.${timestamp}.`).update(body).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
};

const receiveWebhook = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  const body = await readBody(request);
  if (
    !signatureValid(
      header(request, 'idp-webhook-id'),
      header(request, 'idp-webhook-timestamp'),
      header(request, 'idp-webhook-signature'),
      body,
    )
  ) {
    return send(response, 400, { statusCode: 400, error: 'Bad Request', message: 'Invalid webhook signature' });
  }
  const event = JSON.parse(body.toString('utf8')) as { type?: unknown; data?: { id?: unknown } };
  if (event.type === 'user.created' || event.type === 'user.updated') {
    const user = userColumns(event.data);
    if (user === undefined) return send(response, 400, { statusCode: 400, error: 'Bad Request', message: 'Invalid user payload' });
    await pool.query({ name: 'sync-user', text: SYNC_USER, values: [randomUUID(), user.idpId, user.email, user.imageUrl, user.updatedAt] });
  } else if (event.type === 'user.deleted' && typeof event.data?.id === 'string') {
    await pool.query({ name: 'mark-user-deleted', text: MARK_USER_DELETED, values: [randomUUID(), event.data.id] });
  }
  send(response, 200, { received: true });
};

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const roster = request.method === 'GET' ? ROSTER_PATH.exec(path) : null;
  const handled =
    request.method === 'GET' && path === '/users/me'
      ? getMe(request, response)
      : roster !== null
        ? listMembers(request, response, roster[1]!, mark === -1 ? '' : url.slice(mark + 1))
        : request.method === 'POST' && path === '/webhooks/idp'
          ? receiveWebhook(request, response)
          : request.method === 'GET' && path === '/health'
            ? Promise.resolve(send(response, 200, { status: 'ok' }))
            : Promise.resolve(send(response, 404, { statusCode: 404, error: 'Not Found', message: 'Not Found' }));
  handled.catch(() => send(response, 500, { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' }));
});
server.keepAliveTimeout = 65_000;
server.listen(env.port, '127.0.0.1');
process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
