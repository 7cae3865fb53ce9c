import cors from '@koa/cors';
import type { Middleware } from 'koa';

/** Methods a browser may send cross-origin (every method a route uses). */
const ALLOWED_METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'];
/** Request headers a browser may send: the bearer token, JSON bodies, the client's locale, a correlation id. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Locale', 'X-Request-Id'];
/** Response headers the web client may read. */
const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'WWW-Authenticate'];
/** How long a browser may cache a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the web client's origins (`CORS_ORIGINS`): an origin on the list, compared
 * exactly, gets `Access-Control-Allow-Origin` with itself and its preflight a 204 naming the
 * allowed methods and headers; any other origin gets no CORS header at all. Credentials are off
 * (the API takes bearer tokens, never cookies). Every answer carries `Vary: Origin`, so that a
 * cache never hands one origin's answer to another. No middleware at all without origins.
 */
export const corsFor = (origins: readonly string[]): Middleware | undefined => {
  if (origins.length === 0) return undefined;
  const allowed = new Set(origins);
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ALLOWED_METHODS,
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
  });
};
