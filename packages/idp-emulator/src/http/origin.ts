import type { Context } from 'koa';
import type { EventOrigin } from '../webhooks/envelope.js';

/** The caller's address and user agent, for `event_attributes`. */
export const originOf = (ctx: Context): EventOrigin => ({ clientIp: ctx.ip ?? '', userAgent: ctx.get('user-agent') });
