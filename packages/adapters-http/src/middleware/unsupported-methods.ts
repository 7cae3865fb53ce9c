import type { Middleware } from 'koa';
import { failure } from '../edge/reply.js';
import { send } from '../edge/send.js';

/**
 * Wraps the router's `allowedMethods()`: a known path asked with another method answers 405 and an
 * unimplemented method (`PROPFIND`, `TRACE`, …) 501, each with the router's `Allow` header and the
 * API's JSON error body. Neither is a defect, so neither answers 500 nor reaches error tracking.
 */
export const unsupportedMethods = (): Middleware => async (ctx, next) => {
  await next();
  if (ctx.status === 405) send(ctx, failure({ _tag: 'MethodNotAllowed', message: `Method ${ctx.method} is not allowed on ${ctx.path}` }));
  else if (ctx.status === 501) send(ctx, failure({ _tag: 'NotImplemented', message: `Method ${ctx.method} is not implemented` }));
};
