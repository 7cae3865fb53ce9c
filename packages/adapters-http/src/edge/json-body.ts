import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { respondWithError } from '../errors/error-body.js';

/**
 * co-body marks a parse failure `status: 400` but not `expose`; raw-body's 413 is exposed. Either
 * way the failure is the client's, so it leaves as an exposed client error for the error middleware.
 */
const clientError = (error: Error): Error => {
  const status = (error as { status?: unknown }).status;
  const tooLarge = status === 413 || (error as { type?: unknown }).type === 'entity.too.large';
  return Object.assign(new Error(tooLarge ? 'Request body too large' : 'Request body is not valid JSON'), {
    status: tooLarge ? 413 : 400,
    expose: true,
  });
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
      return respondWithError(ctx, 'UnsupportedMediaType', 'Send the body as application/json');
    }
    return parse(ctx, next);
  };
};
