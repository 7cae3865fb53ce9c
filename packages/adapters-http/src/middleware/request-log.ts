import type { Middleware } from 'koa';
import type { Logger } from '@idv/core';

/** One info line per request: method, path, status. Never headers or bodies (tokens, personal data). */
export const requestLog =
  (logger: Logger): Middleware =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, durationMs: Math.round(durationMs * 10) / 10 }, 'request');
    }
  };
