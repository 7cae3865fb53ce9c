import type { Middleware } from 'koa';
import type { Logger } from '@idv/core';

/**
 * One debug line per request: method, path, status, duration. Never headers or bodies (tokens,
 * personal data). Debug, not info: at production volume a line per request costs more than the
 * request itself (issue #7); failures are logged at error by the error middleware.
 */
export const requestLog =
  (logger: Logger): Middleware =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug({ method: ctx.method, path: ctx.path, status: ctx.status, durationMs: Math.round(durationMs * 10) / 10 }, 'request');
    }
  };
