import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Context } from 'koa';
import type { AuthPayload } from '@idv/core';
import { callerOf } from '../request-auth.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { optionalHeader } from '../request-headers.js';
import type { Route } from '../routes/route.js';
import { clientAddressOf, decodeRequest, routeInput, type NoInput } from './decode-request.js';
import { DEFAULT_JSON_BODY_LIMIT, jsonBody } from './json-body.js';
import type { Reply } from './reply.js';
import { send } from './send.js';

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
    // `then` rather than an await (one promise fewer): every bearer request runs this (docs/performance.md).
    const request = {
      caller: callerOf(ctx.request),
      clientAddress: clientAddressOf(ctx),
      params,
      query,
      body,
      header: (name: string) => optionalHeader(ctx, name),
    };
    return endpoint.handle(request).then((reply) => send(ctx, reply));
  };
  const readBody = endpoint.body === undefined ? undefined : jsonBody(endpoint.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT);
  return {
    method: endpoint.method,
    path: endpoint.path,
    access: 'bearer',
    input: routeInput(endpoint),
    doc: endpoint.doc,
    handler: (ctx) => (readBody === undefined ? run(ctx) : readBody(ctx, () => run(ctx))),
  };
};
