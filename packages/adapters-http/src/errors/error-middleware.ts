import type { Middleware } from 'koa';
import type { ErrorTracker } from '@idv/core';
import { failure } from '../edge/reply.js';
import { send } from '../edge/send.js';
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
 * The one place defects become 500: reports them to error tracking, answers a generic body. The
 * tracker writes the one log line of a defect (with its stack) and decides what is captured: the
 * service's tracker counts the repeats of an incident (the database or the provider away) rather
 * than logging each. Client errors raised by Koa itself (`ctx.throw(413)`) keep their status.
 */
export const errorMiddleware =
  (errorTracker: ErrorTracker): Middleware =>
  // Stays an async function. Written as `next().catch(…)` under the request scope's `then` (which
  // saves one promise per request), the service spent 30 % more instructions per request in
  // garbage collection under `npm run bench:instructions` (docs/performance.md); either one alone did not.
  async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const status = exposedStatus(error);
      const edgeCode = status === undefined ? undefined : EDGE_CODES[status];
      if (edgeCode !== undefined) {
        send(ctx, failure({ _tag: edgeCode, message: (error as Error).message }));
        return;
      }
      errorTracker.captureException(error, { method: ctx.method, path: ctx.path });
      send(ctx, failure({ _tag: 'InternalError', message: 'Internal server error' }));
    }
  };
