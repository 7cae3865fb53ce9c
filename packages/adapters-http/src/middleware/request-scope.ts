import type { Middleware } from 'koa';
import type { HttpAppOptions } from '../http-services.js';

/** Runs each request inside the persistence request scope, when one is configured. */
export const requestScope =
  (scope: HttpAppOptions['requestScope']): Middleware =>
  (ctx, next) =>
    scope === undefined ? next() : scope(next);
