import type { Middleware } from 'koa';
import type { ErrorTracker, Logger } from '@idv/core';
import { respondWithError } from './error-body.js';
import type { ErrorCode } from './error-status.js';

const EDGE_CODES: Readonly<Record<number, ErrorCode>> = {
  400: 'BadRequest',
  404: 'RouteNotFound',
  405: 'MethodNotAllowed',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
};

const exposedStatus = (error: unknown): number | undefined => {
  const candidate = error as { status?: unknown; expose?: unknown };
  return typeof candidate.status === 'number' && candidate.expose === true ? candidate.status : undefined;
};

/**
 * The one place defects become 500: logs them, reports them to error tracking, answers a generic
 * body. Client errors raised by Koa itself (`ctx.throw(413)`) keep their status.
 */
export const errorMiddleware =
  (logger: Logger, errorTracker: ErrorTracker): Middleware =>
  // Stays an async function. Written as `next().catch(…)` under the request scope's `then` (which
  // saves one promise per request), the service spent 30 % more instructions per request in
  // garbage collection under `npm run bench:instructions` (issue #7); either one alone did not.
  async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const status = exposedStatus(error);
      const edgeCode = status === undefined ? undefined : EDGE_CODES[status];
      if (edgeCode !== undefined) {
        respondWithError(ctx, edgeCode, (error as Error).message);
        return;
      }
      logger.error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error), method: ctx.method, path: ctx.path }, 'request failed');
      errorTracker.captureException(error, { method: ctx.method, path: ctx.path });
      respondWithError(ctx, 'InternalError', 'Internal server error');
    }
  };
