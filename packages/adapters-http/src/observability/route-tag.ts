import type { Middleware } from 'koa';
import type { RouteMetrics } from './http-metrics.js';

/** The route a request was dispatched to, as the access log and the metrics name it. */
export interface RouteTag {
  /** `GET`, … or `other` for requests no route answered. */
  readonly method: string;
  /** The router's pattern, or `unmatched`. */
  readonly pattern: string;
  readonly metrics: RouteMetrics;
}

declare module 'koa' {
  interface Request {
    /** Set as soon as the router dispatches to a route (before its limiter and authentication). */
    routeTag?: RouteTag;
  }
}

/** The first middleware of a route: names the route for the access log and the metrics. */
export const tagRoute =
  (tag: RouteTag): Middleware =>
  (ctx, next) => {
    ctx.request.routeTag = tag;
    return next();
  };
