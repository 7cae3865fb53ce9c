import type { Context } from 'koa';
import { markRejection } from './rejection.js';
import type { Reply } from './reply.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a reply to the Koa context: the one place an answer is written. JSON is serialized here
 * rather than by Koa: given an object, Koa re-reads and re-parses the content type, looks the type
 * up, and re-checks the headers again when it responds, on every response (docs/performance.md).
 * Same bytes and headers as `ctx.body = body`.
 */
export const send = (ctx: Context, reply: Reply): void => {
  if (reply.rejection !== undefined) markRejection(ctx, reply.rejection);
  if (reply.headers !== undefined) for (const [name, value] of Object.entries(reply.headers)) ctx.set(name, value);
  ctx.status = reply.status;
  if (reply.body !== undefined) {
    ctx.set('Content-Type', reply.mediaType ?? JSON_CONTENT_TYPE);
    ctx.body = JSON.stringify(reply.body);
  } else if (reply.text !== undefined) {
    ctx.type = reply.text.type;
    ctx.body = reply.text.content;
  } else if (reply.bytes !== undefined) {
    ctx.type = reply.bytes.type;
    ctx.body = Buffer.from(reply.bytes.content.buffer, reply.bytes.content.byteOffset, reply.bytes.content.byteLength);
  } else if (reply.location !== undefined) {
    // The status is set first, so Koa keeps it rather than its default 302.
    ctx.redirect(reply.location);
  }
};
