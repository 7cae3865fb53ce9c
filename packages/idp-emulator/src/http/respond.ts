import type { Context } from 'koa';

/** Answers JSON with `Content-Type` exactly `application/json`: the SDK ignores bodies that carry a charset. */
export const sendJson = (ctx: Context, status: number, body: unknown): void => {
  ctx.status = status;
  ctx.body = JSON.stringify(body);
  // Set after the body: assigning a string body would otherwise pick its own type.
  ctx.set('Content-Type', 'application/json');
};
