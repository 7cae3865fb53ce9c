import type { IncomingMessage, ServerResponse } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import * as t from 'io-ts';
import {
  Email,
  InvitationId,
  OrganizationId,
  OrganizationName,
  Role,
  acceptInvitation,
  acceptPendingInvitations,
  authenticateRequest,
  createOrganization,
  getMe,
  handleIdpWebhook,
  inviteMember,
  listMembers,
  pageRequest,
  type AuthPayload,
} from '@idv/core';
import { HttpProblem, WEBHOOK_BODY_BYTES, decodeJson, readBody, sendJson } from './http.js';
import type { Ports } from './ports.js';

/** The HTTP status of every error tag the use cases below can answer with (a missing tag does not compile). */
const STATUS = {
  MissingSignatureHeaders: 400,
  InvalidWebhookSignature: 400,
  MalformedWebhookEvent: 400,
  InvalidInvitationToken: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  CannotGrantRole: 403,
  NotTheInvitee: 403,
  EmailNotVerified: 403,
  UserNotFound: 404,
  OrganizationNotFound: 404,
  InvitationNotFound: 404,
  AlreadyMember: 409,
  InvitationAlreadyPending: 409,
  InvitationNotPending: 409,
  MembershipChangedConcurrently: 409,
  UserDeleted: 410,
  InvitationExpired: 410,
  InvitationRateLimited: 429,
  IdentityProviderUnavailable: 503,
  AuthenticationUnavailable: 503,
} as const;
type Tag = keyof typeof STATUS;

/** Runs a use case: its Right is the answer, its Left a 4xx (or 503); a rejection is a defect (500). */
const run = async <L extends { readonly _tag: Tag; readonly message?: string; readonly retryAfterSeconds?: number }, R>(
  task: TE.TaskEither<L, R>,
): Promise<R> => {
  const result = await task();
  if (E.isRight(result)) return result.right;
  const error = result.left;
  const retry: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  throw new HttpProblem(STATUS[error._tag], error._tag, error.message ?? error._tag, retry);
};

const OrganizationBody = t.type({ name: OrganizationName });
const InvitationBody = t.type({ email: Email, role: Role });
const AcceptBody = t.union([t.type({ invitationId: InvitationId }), t.type({ token: t.string })]);

const organizationIdOf = (raw: string): OrganizationId => {
  const decoded = OrganizationId.decode(raw);
  if (E.isLeft(decoded)) throw new HttpProblem(404, 'OrganizationNotFound', 'Organization not found');
  return decoded.right;
};

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The embedding team's own HTTP layer over the core's use cases: the provider's webhook, `/users/me`
 * (with its recovery path) and organizations, members and invitations, each behind `authenticateRequest`.
 */
export const createService = (ports: Ports) => {
  const deps = { ...ports, acceptPendingInvitations: acceptPendingInvitations(ports) };
  const useCases = {
    handleIdpWebhook: handleIdpWebhook(deps),
    authenticateRequest: authenticateRequest(deps),
    getMe: getMe(deps),
    createOrganization: createOrganization(deps),
    listMembers: listMembers(deps),
    inviteMember: inviteMember(deps),
    acceptInvitation: acceptInvitation(deps),
  };

  const authenticate = async (request: IncomingMessage): Promise<AuthPayload> => {
    const authorization = header(request, 'authorization');
    const auth = await run(useCases.authenticateRequest({ isPublic: false, ...(authorization === undefined ? {} : { authorization }) }));
    if (auth === null) throw new HttpProblem(401, 'Unauthenticated', 'Unauthenticated');
    return auth;
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    if (method === 'GET' && pathname === '/health') return sendJson(response, 200, { status: 'ok' });
    if (method === 'POST' && pathname === '/webhooks/idp') {
      const rawBody = await readBody(request, WEBHOOK_BODY_BYTES);
      const headers = {
        id: header(request, 'idp-webhook-id'),
        timestamp: header(request, 'idp-webhook-timestamp'),
        signature: header(request, 'idp-webhook-signature'),
      };
      const defined = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
      return sendJson(response, 200, await run(useCases.handleIdpWebhook({ rawBody, headers: defined })));
    }
    if (method === 'GET' && pathname === '/users/me') {
      const me = await run(useCases.getMe(await authenticate(request)));
      return sendJson(response, 200, me);
    }
    if (method === 'POST' && pathname === '/organizations') {
      const caller = await authenticate(request);
      const body = decodeJson(OrganizationBody, await readBody(request));
      return sendJson(response, 201, await run(useCases.createOrganization(caller, body)));
    }
    const members = /^\/organizations\/([^/]+)\/members$/.exec(pathname);
    if (method === 'GET' && members) {
      const caller = await authenticate(request);
      const page = await run(useCases.listMembers(caller, organizationIdOf(members[1]!), { includeCancelled: false, page: pageRequest() }));
      return sendJson(response, 200, page);
    }
    const invitations = /^\/organizations\/([^/]+)\/invitations$/.exec(pathname);
    if (method === 'POST' && invitations) {
      const caller = await authenticate(request);
      const body = decodeJson(InvitationBody, await readBody(request));
      return sendJson(response, 201, await run(useCases.inviteMember(caller, organizationIdOf(invitations[1]!), body)));
    }
    if (method === 'POST' && pathname === '/invitations/accept') {
      const caller = await authenticate(request);
      const reference = decodeJson(AcceptBody, await readBody(request));
      return sendJson(response, 200, { membership: await run(useCases.acceptInvitation(caller, reference)) });
    }
    throw new HttpProblem(404, 'RouteNotFound', `No route ${method} ${pathname}`);
  };

  return { route, useCases };
};
