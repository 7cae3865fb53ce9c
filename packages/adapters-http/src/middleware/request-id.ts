import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';

const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request's id: the caller's `x-request-id` when it is 1–128 characters of `[A-Za-z0-9._-]`
 * (a proxy's or client's correlation id), otherwise a fresh UUID. Anything else a caller sends is
 * replaced, never echoed: a header must not smuggle text into the logs or the response.
 */
export const requestIdOf = (ctx: Context): string => {
  const sent = ctx.get('x-request-id');
  return VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
};
