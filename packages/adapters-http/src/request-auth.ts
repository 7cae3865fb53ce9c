import type { AuthPayload } from '@idv/core';

declare module 'koa' {
  interface Request {
    /** Set by the authentication middleware on every non-public route (spec: `request.auth`). */
    auth?: AuthPayload | null;
  }
}

/** The authenticated caller of a non-public route; the middleware guarantees it is set. */
export const callerOf = (request: { auth?: AuthPayload | null }): AuthPayload => {
  if (request.auth === undefined || request.auth === null) throw new Error('route is not behind authentication');
  return request.auth;
};
