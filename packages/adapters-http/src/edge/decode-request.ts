import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Context } from 'koa';
import type { RouteInput } from '../routes/route.js';
import { decodeInput } from './decode-input.js';
import { failure, type Reply } from './reply.js';
import { validationFailed } from './validation-failed.js';

/** The codecs an endpoint decodes its request with; a part without one decodes to `{}` (`undefined` for the body). */
export interface RequestCodecs<P, Q, B> {
  readonly params?: t.Decoder<unknown, P>;
  readonly query?: t.Decoder<unknown, Q>;
  readonly body?: t.Decoder<unknown, B>;
}

/** The decoded parts of a request. */
export interface DecodedRequest<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
}

/** What an endpoint declares when it takes no params or no query. */
export type NoInput = Readonly<Record<string, never>>;

/**
 * Decodes params, query and body with their codecs; every problem of every part is one line of one
 * 400 `ValidationFailed`, so a client fixes them in one round.
 */
export const decodeRequest = <P, Q, B>(ctx: Context, codecs: RequestCodecs<P, Q, B>): E.Either<Reply, DecodedRequest<P, Q, B>> => {
  const params = codecs.params === undefined ? E.right({} as P) : decodeInput(codecs.params, ctx['params'] ?? {}, 'params');
  const query = codecs.query === undefined ? E.right({} as Q) : decodeInput(codecs.query, ctx.query, 'query');
  const body = codecs.body === undefined ? E.right(undefined as B) : decodeInput(codecs.body, ctx.request.body, 'body');
  if (E.isRight(params) && E.isRight(query) && E.isRight(body))
    return E.right({ params: params.right, query: query.right, body: body.right });
  return E.left(failure(validationFailed([params, query, body].flatMap((part) => (E.isLeft(part) ? part.left.problems : [])))));
};

/** The codecs as the route declares them (for its description in `/openapi.json`). */
export const routeInput = (codecs: RequestCodecs<unknown, unknown, unknown>): RouteInput => ({
  ...(codecs.params === undefined ? {} : { params: codecs.params }),
  ...(codecs.query === undefined ? {} : { query: codecs.query }),
  ...(codecs.body === undefined ? {} : { body: codecs.body }),
});

/** The client's address: set by the app from `trustedProxyHops` for every request; an IPv4-mapped IPv6 peer reads as plain IPv4. */
export const clientAddressOf = (ctx: Context): string =>
  String(ctx.state['clientAddress'] ?? ctx.req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
