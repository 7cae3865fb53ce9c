import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { failure } from './reply.js';
import { send } from './send.js';

/** What the client is told when the body cannot be read, by what went wrong. */
const unreadableBody = (error: Error): { readonly status: 400 | 413 | 415; readonly message: string } => {
  const { status, type, code } = error as { status?: unknown; type?: unknown; code?: unknown };
  if (status === 413 || type === 'entity.too.large') return { status: 413, message: 'Request body too large' };
  // inflation's refusal of a `Content-Encoding` it cannot undo (co-body always reads the bytes as UTF-8).
  if (status === 415) return { status: 415, message: 'Send the body uncompressed, or encoded with gzip, deflate or br' };
  if (typeof code === 'string' && code.startsWith('Z_')) return { status: 400, message: 'Request body could not be decompressed' };
  // @hapi/bourne refuses these members rather than let them reach an object's prototype.
  if (/prototype property/.test(error.message))
    return { status: 400, message: 'Request body must not contain a __proto__ or constructor.prototype member' };
  if (/only supports object and array/.test(error.message)) return { status: 400, message: 'Request body must be a JSON object or array' };
  return { status: 400, message: 'Request body is not valid JSON' };
};

/**
 * co-body marks a parse failure `status: 400` but not `expose`; raw-body's 413 is exposed. Either
 * way the failure is the client's, so it leaves as an exposed client error, saying what was wrong,
 * for the error middleware.
 */
const clientError = (error: Error): Error => {
  const { status, message } = unreadableBody(error);
  return Object.assign(new Error(message), { status, expose: true });
};

/** The largest JSON body a route accepts unless it says otherwise. */
export const DEFAULT_JSON_BODY_LIMIT = 16 * 1024;

/**
 * Reads a JSON body (strict: an object or array at the top) with a size cap, into
 * `ctx.request.body`. A body in another media type is 415; broken JSON 400; too large 413 (koa-body
 * raises those, the error middleware maps them). No body at all leaves `undefined`, for the
 * route's codec to report.
 */
export const jsonBody = (limitBytes: number = DEFAULT_JSON_BODY_LIMIT): Middleware => {
  const parse = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: limitBytes,
    multipart: false,
    urlencoded: false,
    text: false,
    onError: (error) => {
      throw clientError(error);
    },
  });
  return async (ctx, next) => {
    if (!ctx.request.length && ctx.get('transfer-encoding') === '') {
      ctx.request.body = undefined;
      return next();
    }
    if (ctx.is('application/json', 'application/*+json') === false) {
      return send(ctx, failure({ _tag: 'UnsupportedMediaType', message: 'Send the body as application/json' }));
    }
    return parse(ctx, next);
  };
};
