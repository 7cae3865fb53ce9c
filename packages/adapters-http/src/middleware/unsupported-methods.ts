import type { Middleware } from 'koa';
import { respondWithError } from '../errors/error-body.js';

/**
 * Wraps the router's `allowedMethods()`: a known path asked with another method answers 405 and an
 * unimplemented method (`PROPFIND`, `TRACE`, …) 501, each with the router's `Allow` header and the
 * API's JSON error body. Neither is a defect (issue #9: they answered 500 and raised an issue).
 */
export const unsupportedMethods = (): Middleware => async (ctx, next) => {
  await next();
  if (ctx.status === 405) respondWithError(ctx, 'MethodNotAllowed', `Method ${ctx.method} is not allowed on ${ctx.path}`);
  else if (ctx.status === 501) respondWithError(ctx, 'NotImplemented', `Method ${ctx.method} is not implemented`);
};
