import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Context } from 'koa';
import type { AuthPayload } from '@idv/core';
import { callerOf } from '../request-auth.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { optionalHeader } from '../request-headers.js';
import type { Route, RouteInput } from '../routes/route.js';
import { decodeInput } from './decode-input.js';
import { DEFAULT_JSON_BODY_LIMIT, jsonBody } from './json-body.js';
import { failure, send, type Reply } from './reply.js';
import { validationFailed } from './validation-failed.js';

/** What a bearer endpoint's handler receives: the authenticated caller and the decoded request. */
export interface EndpointRequest<P, Q, B> {
  /** Never null: authentication ran before the handler. */
  readonly caller: AuthPayload;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** A request header's value (undefined when absent or empty). */
  readonly header: (name: string) => string | undefined;
  /** The client's address (the socket's peer, or what the trusted proxies saw). */
  readonly clientAddress: string;
}

/** A bearer endpoint: where it lives, how its request decodes, and what it answers. */
export interface BearerEndpoint<P, Q, B> {
  readonly method: Route['method'];
  readonly path: string;
  readonly params?: t.Decoder<unknown, P>;
  readonly query?: t.Decoder<unknown, Q>;
  /** A JSON body is read (and required to be JSON) only when the endpoint declares its codec. */
  readonly body?: t.Decoder<unknown, B>;
  readonly bodyLimit?: number;
  /** Its description in `/openapi.json`; its codecs describe the request. */
  readonly doc: RouteDoc;
  readonly handle: (request: EndpointRequest<P, Q, B>) => Promise<Reply>;
}

type NoInput = Readonly<Record<string, never>>;

// Set by the app from `trustedProxyHops` for every request; an IPv4-mapped IPv6 peer reads as plain IPv4.
const clientAddressOf = (ctx: Context): string =>
  String(ctx.state['clientAddress'] ?? ctx.req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

const decodeRequest = <P, Q, B>(ctx: Context, endpoint: BearerEndpoint<P, Q, B>): E.Either<Reply, Omit<EndpointRequest<P, Q, B>, 'caller' | 'header' | 'clientAddress'>> => {
  const params = endpoint.params === undefined ? E.right({} as P) : decodeInput(endpoint.params, ctx['params'] ?? {}, 'params');
  const query = endpoint.query === undefined ? E.right({} as Q) : decodeInput(endpoint.query, ctx.query, 'query');
  const body = endpoint.body === undefined ? E.right(undefined as B) : decodeInput(endpoint.body, ctx.request.body, 'body');
  if (E.isRight(params) && E.isRight(query) && E.isRight(body)) return E.right({ params: params.right, query: query.right, body: body.right });
  // Every problem of every part at once, so a client fixes them in one round.
  return E.left(failure(validationFailed([params, query, body].flatMap((part) => (E.isLeft(part) ? part.left.problems : [])))));
};

/**
 * Declares a bearer route: params, query and JSON body decoded with io-ts into 400
 * `ValidationFailed` (one line per problem), then the handler with a non-null caller.
 *
 * @example
 * bearerEndpoint({
 *   method: 'post', path: '/organizations', body: CreateOrganizationBody,
 *   doc: { summary: 'Create an organization', tag: 'organizations', responses: { 201: { description: 'Created', body: CreatedView } } },
 *   handle: async ({ caller, body }) => replyWith(await services.createOrganization(caller, body)(), created),
 * });
 */
export const bearerEndpoint = <P = NoInput, Q = NoInput, B = undefined>(endpoint: BearerEndpoint<P, Q, B>): Route => {
  const run = (ctx: Context): Promise<void> => {
    const decoded = decodeRequest(ctx, endpoint);
    if (E.isLeft(decoded)) return Promise.resolve(send(ctx, decoded.left));
    const { params, query, body } = decoded.right;
    // Named properties rather than a spread (a spread copies key by key through the runtime), and a
    // `then` rather than an await (one promise fewer): every bearer request runs this (issue #7).
    const request = { caller: callerOf(ctx.request), clientAddress: clientAddressOf(ctx), params, query, body, header: (name: string) => optionalHeader(ctx, name) };
    return endpoint.handle(request).then((reply) => send(ctx, reply));
  };
  const readBody = endpoint.body === undefined ? undefined : jsonBody(endpoint.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT);
  const input: RouteInput = {
    ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
    ...(endpoint.query === undefined ? {} : { query: endpoint.query }),
    ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
  };
  return {
    method: endpoint.method,
    path: endpoint.path,
    access: 'bearer',
    input,
    doc: endpoint.doc,
    handler: (ctx) => (readBody === undefined ? run(ctx) : readBody(ctx, () => run(ctx))),
  };
};
