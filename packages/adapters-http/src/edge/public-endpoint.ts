import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Context } from 'koa';
import type { AuthPayload } from '@idv/core';
import '../request-auth.js';
import type { ErrorCode } from '../errors/error-status.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { optionalHeader } from '../request-headers.js';
import type { Route } from '../routes/route.js';
import { clientAddressOf, decodeRequest, routeInput, type DecodedRequest, type NoInput } from './decode-request.js';
import { DEFAULT_JSON_BODY_LIMIT, jsonBody } from './json-body.js';
import { readRawBody } from './raw-body.js';
import { asRejection, failure, type Reply } from './reply.js';
import { send } from './send.js';

/** What a public endpoint's handler receives: no caller, the decoded params and query, and the request's headers. */
export interface PublicRequest<P, Q> {
  readonly params: P;
  readonly query: Q;
  /** A request header's value (undefined when absent or empty). */
  readonly header: (name: string) => string | undefined;
  /** The client's address (the socket's peer, or what the trusted proxies saw). */
  readonly clientAddress: string;
  /** The method and path as sent, for answers that name them (`No route for HEAD /…`). */
  readonly method: string;
  readonly path: string;
}

/** A public endpoint: where it lives, how its request decodes, what it answers, and which limiter stands in front of it. */
export interface PublicEndpoint<P, Q> {
  readonly method: Route['method'];
  readonly path: string;
  readonly params?: t.Decoder<unknown, P>;
  readonly query?: t.Decoder<unknown, Q>;
  /** Its description in `/openapi.json`. */
  readonly doc: RouteDoc;
  /** A load balancer's probe: never behind the outer rate limiter. */
  readonly probe?: true;
  /** A signed route: only these refusals spend the source's outer budget (see `Route.failureBudget`). */
  readonly failureBudget?: readonly ErrorCode[];
  /** A payment callback: behind the payment callbacks' own limiter when the app has one. */
  readonly paymentCallback?: true;
  readonly handle: (request: PublicRequest<P, Q>) => Promise<Reply>;
}

/** What a raw-body endpoint's handler receives: the public request, and a way to read the exact body bytes when it is ready to. */
export interface RawBodyRequest<P, Q> extends PublicRequest<P, Q> {
  /**
   * Reads the body's exact bytes (no parser touched them: signatures are computed over them). A body
   * over the limit or compressed is refused, and the refusal marked for the failure budget; the
   * Left is the reply to answer.
   */
  readonly readBody: () => Promise<E.Either<Reply, Buffer>>;
}

/** How a raw-body endpoint reads its body and words its refusals. */
export interface RawBodyReading {
  /** Largest body read, in bytes. */
  readonly limit: number;
  /** 413 `PayloadTooLarge`'s message. */
  readonly tooLarge: string;
  /** 415 `UnsupportedMediaType`'s message for a compressed body. */
  readonly encoded: string;
  /** The answer when some middleware drained the stream before the route: a server misconfiguration, never the client's fault. */
  readonly consumed: () => Reply;
}

/** A public endpoint that reads its body's exact bytes itself: the provider webhook and the payment callbacks. */
export interface RawBodyEndpoint<P, Q> extends Omit<PublicEndpoint<P, Q>, 'handle'> {
  readonly rawBody: RawBodyReading;
  readonly handle: (request: RawBodyRequest<P, Q>) => Promise<Reply>;
}

const publicRequest = <P, Q>(ctx: Context, params: P, query: Q): PublicRequest<P, Q> => ({
  params,
  query,
  header: (name) => optionalHeader(ctx, name),
  clientAddress: clientAddressOf(ctx),
  method: ctx.method,
  path: ctx.path,
});

const NO_INPUT: DecodedRequest<never, never, undefined> = { params: {} as never, query: {} as never, body: undefined };

/** The route of a public endpoint: its request decoded (nothing to decode without codecs), then `answer`, then the one writer. */
const publicRoute = <P, Q>(
  endpoint: Omit<PublicEndpoint<P, Q>, 'handle'>,
  answer: (ctx: Context, params: P, query: Q) => Promise<Reply>,
): Route => {
  const decodes = endpoint.params !== undefined || endpoint.query !== undefined;
  return {
    method: endpoint.method,
    path: endpoint.path,
    access: 'public',
    input: routeInput(endpoint),
    doc: endpoint.doc,
    ...(endpoint.probe === undefined ? {} : { probe: endpoint.probe }),
    ...(endpoint.failureBudget === undefined ? {} : { failureBudget: endpoint.failureBudget }),
    ...(endpoint.paymentCallback === undefined ? {} : { paymentCallback: endpoint.paymentCallback }),
    handler: (ctx) => {
      const decoded = decodes ? decodeRequest(ctx, endpoint) : E.right(NO_INPUT as DecodedRequest<P, Q, undefined>);
      if (E.isLeft(decoded)) return Promise.resolve(send(ctx, decoded.left));
      return answer(ctx, decoded.right.params, decoded.right.query).then((reply) => send(ctx, reply));
    },
  };
};

/**
 * Declares a public route (no authentication): params and query decoded as on a bearer route, then
 * the handler; its reply is written by the one writer (`send`), its errors through the one error map.
 *
 * @example
 * publicEndpoint({
 *   method: 'get', path: '/health', probe: true,
 *   doc: { summary: 'Liveness', tag: 'health', responses: { 200: { description: 'Up', body: StatusView } } },
 *   handle: async () => ok(STATUS_OK),
 * });
 */
export const publicEndpoint = <P = NoInput, Q = NoInput>(endpoint: PublicEndpoint<P, Q>): Route =>
  publicRoute(endpoint, (ctx, params, query) => endpoint.handle(publicRequest(ctx, params, query)));

/**
 * Declares a public route that reads its body's exact bytes (`readBody`), when the handler is ready
 * to: the webhook checks its signature headers before any body is read.
 *
 * @example
 * rawBodyEndpoint({
 *   method: 'post', path: '/payments/callbacks/paytr', paymentCallback: true, doc,
 *   rawBody: { limit: 16 * 1024, tooLarge: 'Callback body too large', encoded: 'Compressed callback bodies are not accepted', consumed },
 *   handle: async ({ readBody }) => { const body = await readBody(); return E.isLeft(body) ? body.left : answer(await receive(body.right)); },
 * });
 */
export const rawBodyEndpoint = <P = NoInput, Q = NoInput>(endpoint: RawBodyEndpoint<P, Q>): Route => {
  const reading = endpoint.rawBody;
  const readBody = async (ctx: Context): Promise<E.Either<Reply, Buffer>> => {
    const raw = await readRawBody(ctx, reading.limit);
    if (raw.ok) return E.right(raw.bytes);
    if (raw.problem === 'too-large')
      return E.left(asRejection(failure({ _tag: 'PayloadTooLarge', message: reading.tooLarge }), 'PayloadTooLarge'));
    if (raw.problem === 'encoded')
      return E.left(asRejection(failure({ _tag: 'UnsupportedMediaType', message: reading.encoded }), 'UnsupportedMediaType'));
    return E.left(reading.consumed());
  };
  // Every field named rather than a spread of the public request: every webhook delivery runs this (docs/performance.md).
  return publicRoute(endpoint, (ctx, params, query) =>
    endpoint.handle({
      params,
      query,
      header: (name) => optionalHeader(ctx, name),
      clientAddress: clientAddressOf(ctx),
      method: ctx.method,
      path: ctx.path,
      readBody: () => readBody(ctx),
    }),
  );
};

/** A public endpoint that reads a JSON body, decoded with its codec like a bearer route's. */
export interface PublicJsonEndpoint<P, Q, B> extends Omit<PublicEndpoint<P, Q>, 'handle'> {
  readonly body: t.Decoder<unknown, B>;
  /** Largest body read, in bytes (default `DEFAULT_JSON_BODY_LIMIT`). */
  readonly bodyLimit?: number;
  /** Takes an optional bearer token (see `Route.optionalBearer`): the handler's `caller` is null for an anonymous request. */
  readonly optionalBearer?: true;
  readonly handle: (request: PublicRequest<P, Q> & { readonly body: B; readonly caller: AuthPayload | null }) => Promise<Reply>;
}

/**
 * Declares a public route with a JSON body (a visitor's purchase): params, query and body decoded
 * in one round (every problem one line of one 400 `ValidationFailed`), then the handler.
 *
 * @example
 * publicJsonEndpoint({ method: 'post', path: '/public/organizations/:slug/purchases', params, body: PurchaseBody, doc, handle });
 */
export const publicJsonEndpoint = <P, Q, B>(endpoint: PublicJsonEndpoint<P, Q, B>): Route => {
  const readBody = jsonBody(endpoint.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT);
  const run = (ctx: Context): Promise<void> => {
    const decoded = decodeRequest(ctx, endpoint);
    if (E.isLeft(decoded)) return Promise.resolve(send(ctx, decoded.left));
    const { params, query, body } = decoded.right;
    const caller = ctx.request.auth ?? null;
    return endpoint.handle({ ...publicRequest(ctx, params, query), body, caller }).then((reply) => send(ctx, reply));
  };
  return {
    method: endpoint.method,
    path: endpoint.path,
    access: 'public',
    input: routeInput(endpoint),
    doc: endpoint.doc,
    ...(endpoint.optionalBearer === undefined ? {} : { optionalBearer: endpoint.optionalBearer }),
    handler: (ctx) => readBody(ctx, () => run(ctx)),
  };
};
