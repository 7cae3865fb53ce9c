import anyTest from 'ava';
import type { TestFn } from 'ava';
import type { IncomingHttpHeaders } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { Email, IdpUserId } from '@idv/core';
import type { IdentityProviderAdmin } from '@idv/core';
import { idpUserJson } from '@idv/core/testing';
import { createIdentityProviderAdmin } from './identity-provider-admin.js';
import { IdentityProviderError } from './identity-provider-error.js';
import { deadUrl, sendJson, startLocalServer } from '../test-support/local-server.js';
import type { LocalServer } from '../test-support/local-server.js';

const SECRET_KEY = 'sk_test_admin_secret_4b1d';
const ALICE = 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S';
const GONE = 'user_gone';
const LIMITED = 'user_limited';
const BROKEN = 'user_broken';
const GARBLED = 'user_garbled';
const MISROUTED = 'user_misrouted';
/** The provider's whole user list, newest first. */
const LISTED = ['user_listed3', 'user_listed2', 'user_listed1'];

const INVITED = 'inv_2g7np7Hrk0SN6kj5EDMLDaKNL0S';
const TICKET_URL = 'https://clerk.example.com/v1/tickets/accept?ticket=eyJhbGciOiJSUzI1NiJ9.e30.sig';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}
interface Context {
  provider: LocalServer;
  silent: LocalServer;
  seen: Seen[];
  admin: IdentityProviderAdmin;
}
const test = anyTest as TestFn<Context>;

const providerError = (code: string, message: string) => ({
  errors: [{ message, long_message: `${message} (long)`, code }],
  clerk_trace_id: 'ab0db09233b2b997f052c1c3762252e4',
});

const decoded = <A>(result: E.Either<unknown, A>): A => {
  if (E.isLeft(result)) throw new Error('bad test fixture');
  return result.right;
};
const userId = (id: string) => decoded(IdpUserId.decode(id));
const email = (address: string) => decoded(Email.decode(address));

const invitationJson = (email: string, status: string, extra: object = {}) => ({
  object: 'invitation',
  id: INVITED,
  email_address: email,
  public_metadata: {},
  revoked: status === 'revoked',
  status,
  expires_at: 1793310468755,
  created_at: 1790718468757,
  updated_at: 1790718468757,
  ...extra,
});

/** The provider's answers to the invitation and organization POSTs, keyed by what the request names. */
const providerPost = (path: string, body: string): readonly [number, unknown] | undefined => {
  const json = body === '' ? {} : (JSON.parse(body) as Record<string, unknown>);
  if (path === '/v1/invitations') {
    const email = String(json['email_address']);
    if (email === 'limited@example.com') return [429, providerError('too_many_requests', 'Too many requests')];
    if (email === 'stranger@example.com') return [200, invitationJson('someone.else@example.com', 'pending', { url: TICKET_URL })];
    if (email === 'garbled@example.com') return [200, { object: 'invitation', id: INVITED }];
    return [200, invitationJson(email.toUpperCase(), 'pending', { url: TICKET_URL })];
  }
  const revoke = /^\/v1\/invitations\/([^/]+)\/revoke$/.exec(path)?.[1];
  if (revoke === INVITED) return [200, invitationJson('a@example.com', 'revoked')];
  if (revoke === 'inv_revoked') return [400, providerError('invitation_already_revoked', 'Invitation is already revoked.')];
  if (revoke === 'inv_accepted')
    return [400, providerError('invitation_already_accepted', 'Invitation is already accepted, try signing in instead.')];
  if (revoke === 'inv_missing') return [404, providerError('resource_not_found', 'not found')];
  if (revoke === 'inv_other400')
    return [400, providerError('invitations_not_supported', 'Invitations are only supported on instances that accept email addresses.')];
  if (revoke === 'inv_broken') return [500, providerError('internal_clerk_error', 'Oops, an unexpected error occurred')];
  if (path === '/v1/organizations') {
    if (json['name'] === 'Garbled') return [200, { object: 'organization' }];
    return [
      200,
      { object: 'organization', id: 'org_2g7np7Hrk0SN6kj5EDMLDaKNL0S', name: json['name'], created_by: json['created_by'] ?? null },
    ];
  }
  return undefined;
};

test.before(async (t) => {
  const seen: Seen[] = [];
  const provider = await startLocalServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    const url = new URL(request.url ?? '/', 'http://provider');
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      return sendJson(response, 401, providerError('clerk_key_invalid', 'The provided Secret Key is invalid.'));
    }
    if (url.pathname === '/v1/users/count') return sendJson(response, 200, { object: 'total_count', total_count: LISTED.length });
    if (url.pathname === '/garbled/v1/users/count') return sendJson(response, 200, { object: 'total_count', total_count: '3' });
    if (url.pathname === '/garbled/v1/users') return sendJson(response, 200, [idpUserJson({ id: ALICE }), { object: 'user', id: GARBLED }]);
    const id = /^\/v1\/users\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id === ALICE && request.method === 'GET') return sendJson(response, 200, idpUserJson({ id: ALICE, email: 'alice@example.com' }));
    if (id === ALICE && request.method === 'DELETE') return sendJson(response, 200, { object: 'user', id: ALICE, deleted: true });
    if (id === GONE) return sendJson(response, 404, providerError('resource_not_found', 'not found'));
    if (id === LIMITED) return sendJson(response, 429, providerError('too_many_requests', 'Too many requests'), { 'Retry-After': '7' });
    if (id === BROKEN) return sendJson(response, 500, providerError('internal_clerk_error', 'Oops, an unexpected error occurred'));
    if (id === GARBLED) return sendJson(response, 200, { object: 'user', id: GARBLED });
    if (id === MISROUTED) return sendJson(response, 200, idpUserJson({ id: ALICE }));
    if (url.pathname === '/v1/users' && request.method === 'GET' && url.searchParams.has('offset')) {
      const offset = Number(url.searchParams.get('offset'));
      const page = LISTED.slice(offset, offset + Number(url.searchParams.get('limit')));
      return sendJson(
        response,
        200,
        page.map((listed) => idpUserJson({ id: listed, email: `${listed.toLowerCase()}@example.com` })),
      );
    }
    if (url.pathname === '/v1/users' && request.method === 'GET') {
      const found = url.searchParams.get('email_address') === 'alice@example.com';
      return sendJson(response, 200, found ? [idpUserJson({ id: ALICE, email: 'alice@example.com' })] : []);
    }
    if (request.method === 'POST') {
      const answer = providerPost(url.pathname, body);
      if (answer !== undefined) return sendJson(response, answer[0], answer[1]);
    }
    return sendJson(response, 404, { errors: [] });
  });
  const silent = await startLocalServer(() => undefined);
  t.context = { provider, silent, seen, admin: createIdentityProviderAdmin({ apiUrl: provider.url, secretKey: SECRET_KEY }) };
});
test.after.always(async (t) => {
  await t.context.provider.close();
  await t.context.silent.close();
});

test('getUser decodes the provider User and sends the bearer and JSON headers', async (t) => {
  const user = await t.context.admin.getUser(userId(ALICE));
  t.true(O.isSome(user));
  if (O.isSome(user)) {
    t.is<string, string>(user.value.idpId, ALICE);
    t.is<string | null, string>(user.value.email, 'alice@example.com');
    t.true(user.value.emailVerified);
  }
  const request = t.context.seen.find((entry) => entry.url === `/v1/users/${ALICE}` && entry.method === 'GET');
  t.is(request?.headers.authorization, `Bearer ${SECRET_KEY}`);
  t.is(request?.headers['content-type'], 'application/json');
  t.is(request?.headers.accept, 'application/json');
});

test('getUser of an unknown user is none (404 resource_not_found)', async (t) => {
  t.deepEqual(await t.context.admin.getUser(userId(GONE)), O.none);
});

test('a 404 without the provider code is an error, not an absent user (wrong API URL)', async (t) => {
  const admin = createIdentityProviderAdmin({ apiUrl: `${t.context.provider.url}/wrong`, secretKey: SECRET_KEY });
  const error = await t.throwsAsync(admin.getUser(userId(ALICE)), { instanceOf: IdentityProviderError });
  t.is(error?.status, 404);
});

test('findUsersByEmail queries email_address with limit 100 and decodes the bare array', async (t) => {
  const users = await t.context.admin.findUsersByEmail(email('alice@example.com'));
  t.deepEqual(
    users.map((user): string => user.idpId),
    [ALICE],
  );
  t.true(t.context.seen.some((entry) => entry.url === '/v1/users?email_address=alice%40example.com&limit=100'));
  t.deepEqual(await t.context.admin.findUsersByEmail(email('nobody@example.com')), []);
});

test('listUsers pages with limit and offset and decodes the bare arrays; an offset past the end is an empty page', async (t) => {
  const ids = async (limit: number, offset: number) =>
    (await t.context.admin.listUsers({ limit, offset })).map((user): string => user.idpId);
  t.deepEqual(await ids(2, 0), ['user_listed3', 'user_listed2']);
  t.deepEqual(await ids(2, 2), ['user_listed1']);
  t.deepEqual(await ids(2, 4), []);
  t.true(t.context.seen.some((entry) => entry.method === 'GET' && entry.url === '/v1/users?limit=2&offset=2'));
});

test('countUsers reads the total_count object', async (t) => {
  t.is(await t.context.admin.countUsers(), 3);
  t.true(t.context.seen.some((entry) => entry.method === 'GET' && entry.url === '/v1/users/count'));
});

test('a list with an undecodable User, or a count that is not one, rejects with an IdentityProviderError', async (t) => {
  const garbled = createIdentityProviderAdmin({ apiUrl: `${t.context.provider.url}/garbled`, secretKey: SECRET_KEY });
  t.like(await t.throwsAsync(garbled.listUsers({ limit: 10, offset: 0 }), { instanceOf: IdentityProviderError }), {
    operation: 'listUsers',
    failure: 'invalid-body',
  });
  t.like(await t.throwsAsync(garbled.countUsers(), { instanceOf: IdentityProviderError }), {
    operation: 'countUsers',
    failure: 'invalid-body',
  });
});

test('deleteUser succeeds on 200', async (t) => {
  await t.notThrowsAsync(t.context.admin.deleteUser(userId(ALICE)));
  t.true(t.context.seen.some((entry) => entry.method === 'DELETE' && entry.url === `/v1/users/${ALICE}`));
});

test('deleteUser of a user already gone (404) counts as deleted', async (t) => {
  await t.notThrowsAsync(t.context.admin.deleteUser(userId(GONE)));
});

test('429 rejects with status, code and Retry-After seconds', async (t) => {
  const error = await t.throwsAsync(t.context.admin.getUser(userId(LIMITED)), { instanceOf: IdentityProviderError });
  t.like(error, { status: 429, code: 'too_many_requests', retryAfterSeconds: 7, operation: 'getUser', failure: 'http' });
});

test('500 rejects with an IdentityProviderError carrying the provider code', async (t) => {
  const error = await t.throwsAsync(t.context.admin.deleteUser(userId(BROKEN)), { instanceOf: IdentityProviderError });
  t.like(error, { status: 500, code: 'internal_clerk_error', retryAfterSeconds: undefined });
  t.false(error?.message.includes('(long)'));
});

test('an undecodable 200 User body rejects with an IdentityProviderError', async (t) => {
  const error = await t.throwsAsync(t.context.admin.getUser(userId(GARBLED)), { instanceOf: IdentityProviderError });
  t.like(error, { status: 200, failure: 'invalid-body' });
});

test('a User body for another id rejects with an IdentityProviderError', async (t) => {
  const error = await t.throwsAsync(t.context.admin.getUser(userId(MISROUTED)), { instanceOf: IdentityProviderError });
  t.like(error, { status: 200, failure: 'invalid-body' });
});

test('a provider that never answers times out with an IdentityProviderError', async (t) => {
  const admin = createIdentityProviderAdmin({ apiUrl: t.context.silent.url, secretKey: SECRET_KEY, timeoutMs: 50 });
  const error = await t.throwsAsync(admin.getUser(userId(ALICE)), { instanceOf: IdentityProviderError });
  t.like(error, { status: undefined, failure: 'timeout' });
});

test('a provider that is down rejects with a network IdentityProviderError', async (t) => {
  const down = await startLocalServer(() => undefined);
  await down.close();
  const admin = createIdentityProviderAdmin({ apiUrl: down.url, secretKey: SECRET_KEY });
  const error = await t.throwsAsync(admin.findUsersByEmail(email('alice@example.com')), { instanceOf: IdentityProviderError });
  t.like(error, { status: undefined, failure: 'network' });
});

test('no error message ever carries the secret key', async (t) => {
  const wrongKey = 'sk_test_wrong_key_that_must_not_leak';
  const refused = createIdentityProviderAdmin({ apiUrl: t.context.provider.url, secretKey: wrongKey });
  const timingOut = createIdentityProviderAdmin({ apiUrl: t.context.silent.url, secretKey: SECRET_KEY, timeoutMs: 50 });
  const errors = await Promise.all([
    refused.getUser(userId(ALICE)).catch((error: unknown) => error),
    t.context.admin.getUser(userId(LIMITED)).catch((error: unknown) => error),
    t.context.admin.deleteUser(userId(BROKEN)).catch((error: unknown) => error),
    timingOut.getUser(userId(ALICE)).catch((error: unknown) => error),
  ]);
  for (const error of errors) {
    t.true(error instanceof IdentityProviderError);
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
    t.false(text.includes(wrongKey));
    t.false(text.includes(SECRET_KEY));
  }
  t.like(errors[0], { status: 401, code: 'clerk_key_invalid' });
});

test('construction rejects a missing secret key or a non-http API URL', (t) => {
  t.throws(() => createIdentityProviderAdmin({ apiUrl: 'http://127.0.0.1:1', secretKey: ' ' }), { message: /secret key is missing/ });
  t.throws(() => createIdentityProviderAdmin({ apiUrl: 'ftp://example.com', secretKey: SECRET_KEY }), { message: /http\(s\) URL/ });
  t.throws(() => createIdentityProviderAdmin({ apiUrl: 'not a url', secretKey: SECRET_KEY }), { message: /http\(s\) URL/ });
});

test('createInvitation posts the reference body with notify and ignore_existing and decodes the Invitation', async (t) => {
  const invitation = await t.context.admin.createInvitation({
    email: email('new@example.com'),
    redirectUrl: 'https://app.example.com/accept',
    publicMetadata: { invitationId: 'local-1', nestedKey: { innerCamel: 1 } },
    expiresInDays: 7,
  });
  t.deepEqual(invitation, { id: INVITED, email: email('new@example.com'), status: 'pending', url: TICKET_URL });
  const request = t.context.seen.find(
    (entry) => entry.method === 'POST' && entry.url === '/v1/invitations' && entry.body.includes('new@example.com'),
  );
  t.is(request?.headers['content-type'], 'application/json');
  t.is(request?.headers.authorization, `Bearer ${SECRET_KEY}`);
  t.is(
    request?.body,
    '{"email_address":"new@example.com","redirect_url":"https://app.example.com/accept","public_metadata":{"invitationId":"local-1","nestedKey":{"innerCamel":1}},"notify":true,"ignore_existing":true,"expires_in_days":7}',
  );
});

test('createInvitation leaves expires_in_days to the provider default when not given', async (t) => {
  await t.context.admin.createInvitation({
    email: email('default@example.com'),
    redirectUrl: 'https://app.example.com/accept',
    publicMetadata: {},
  });
  const request = t.context.seen.find((entry) => entry.body.includes('default@example.com'));
  t.false(request?.body.includes('expires_in_days'));
});

test('createInvitation rejects a 429, an undecodable Invitation and an Invitation for another address', async (t) => {
  const input = (address: string) => ({ email: email(address), redirectUrl: 'https://app.example.com/accept', publicMetadata: {} });
  const limited = await t.throwsAsync(t.context.admin.createInvitation(input('limited@example.com')), {
    instanceOf: IdentityProviderError,
  });
  t.like(limited, { status: 429, code: 'too_many_requests', operation: 'createInvitation', failure: 'http' });
  for (const address of ['garbled@example.com', 'stranger@example.com']) {
    const error = await t.throwsAsync(t.context.admin.createInvitation(input(address)), { instanceOf: IdentityProviderError });
    t.like(error, { status: 200, failure: 'invalid-body', operation: 'createInvitation' });
  }
});

test('revokeInvitation posts to /revoke with no body', async (t) => {
  await t.notThrowsAsync(t.context.admin.revokeInvitation(INVITED));
  const request = t.context.seen.find((entry) => entry.method === 'POST' && entry.url === `/v1/invitations/${INVITED}/revoke`);
  t.is(request?.body, '');
});

test('revoking an invitation already revoked, already accepted or unknown counts as done', async (t) => {
  for (const id of ['inv_revoked', 'inv_accepted', 'inv_missing']) await t.notThrowsAsync(t.context.admin.revokeInvitation(id), id);
});

test('revokeInvitation rejects any other failure, including another 400 code and a 404 without the provider code', async (t) => {
  const other = await t.throwsAsync(t.context.admin.revokeInvitation('inv_other400'), { instanceOf: IdentityProviderError });
  t.like(other, { status: 400, code: 'invitations_not_supported', operation: 'revokeInvitation' });
  const broken = await t.throwsAsync(t.context.admin.revokeInvitation('inv_broken'), { instanceOf: IdentityProviderError });
  t.like(broken, { status: 500, code: 'internal_clerk_error' });
  const misrouted = createIdentityProviderAdmin({ apiUrl: `${t.context.provider.url}/wrong`, secretKey: SECRET_KEY });
  const error = await t.throwsAsync(misrouted.revokeInvitation('inv_missing'), { instanceOf: IdentityProviderError });
  t.like(error, { status: 404, code: undefined });
});

test('createOrganization posts name and created_by and returns the org id', async (t) => {
  t.deepEqual(await t.context.admin.createOrganization({ name: 'Acme', createdBy: userId(ALICE) }), {
    id: 'org_2g7np7Hrk0SN6kj5EDMLDaKNL0S',
  });
  t.true(t.context.seen.some((entry) => entry.url === '/v1/organizations' && entry.body === `{"name":"Acme","created_by":"${ALICE}"}`));
  await t.context.admin.createOrganization({ name: 'Solo' });
  t.true(t.context.seen.some((entry) => entry.url === '/v1/organizations' && entry.body === '{"name":"Solo"}'));
  const error = await t.throwsAsync(t.context.admin.createOrganization({ name: 'Garbled' }), { instanceOf: IdentityProviderError });
  t.like(error, { status: 200, failure: 'invalid-body', operation: 'createOrganization' });
});

test('every call is reported by operation and outcome (status class, timeout, network), never by user', async (t) => {
  const calls: string[] = [];
  const onCall = (operation: string, outcome: string, seconds: number) => calls.push(`${operation} ${outcome} ${seconds >= 0}`);
  const admin = createIdentityProviderAdmin({ apiUrl: t.context.provider.url, secretKey: SECRET_KEY, onCall });
  await admin.getUser(userId(ALICE));
  await admin.getUser(userId(GONE));
  await t.throwsAsync(admin.getUser(userId(BROKEN)));
  await t.throwsAsync(
    createIdentityProviderAdmin({ apiUrl: t.context.silent.url, secretKey: SECRET_KEY, timeoutMs: 50, onCall }).deleteUser(userId(ALICE)),
  );
  await t.throwsAsync(
    createIdentityProviderAdmin({ apiUrl: await deadUrl(), secretKey: SECRET_KEY, onCall }).findUsersByEmail(email('alice@example.com')),
  );
  t.deepEqual(calls, [
    'getUser 2xx true',
    'getUser 4xx true',
    'getUser 5xx true',
    'deleteUser timeout true',
    'findUsersByEmail network true',
  ]);
});
