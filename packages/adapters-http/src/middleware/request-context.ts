import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import type { Logger } from '@idv/core';
import type { HttpAppOptions } from '../http-services.js';
import type { RouteTag } from '../observability/route-tag.js';
import { requestIdOf } from './request-id.js';

/**
 * The outermost middleware: gives the request its id (accepted or generated, echoed in
 * `X-Request-Id`), runs the rest inside the request's scope (its id on every log line, its
 * error-tracking user and breadcrumbs), then writes one access-log line at info — method, route
 * pattern, status, duration; never the raw path, a query, a header or a body — and records the
 * request's latency under its route and status.
 */
export const requestContext = (logger: Logger, scope: HttpAppOptions['requestScope'], unmatched: RouteTag): Middleware => {
  const handle: Middleware = (ctx, next) => {
    const started = performance.now();
    const finished = (): void => {
      const seconds = (performance.now() - started) / 1000;
      const route = ctx.request.routeTag ?? unmatched;
      route.metrics.observe(ctx.status, seconds);
      logger.info(
        {
          requestId: ctx.state['requestId'],
          method: ctx.method,
          route: route.pattern,
          status: ctx.status,
          durationMs: Math.round(seconds * 10_000) / 10,
        },
        'request',
      );
    };
    // One `then` rather than an async try/finally: every request passes here, and with the request
    // scope's hooks on, each promise an await adds costs about a thousand instructions (docs/performance.md).
    return next().then(finished, (error: unknown) => {
      finished();
      throw error;
    });
  };
  return (ctx, next) => {
    const requestId = requestIdOf(ctx);
    ctx.state['requestId'] = requestId;
    ctx.set('X-Request-Id', requestId);
    return scope === undefined ? handle(ctx, next) : scope(requestId, () => handle(ctx, next));
  };
};
