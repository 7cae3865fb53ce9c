import type { Middleware } from 'koa';

/** One endpoint. Every route states its access explicitly; there is no default. */
export interface Route {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
  readonly access: 'public' | 'bearer';
  readonly handler: Middleware;
}
