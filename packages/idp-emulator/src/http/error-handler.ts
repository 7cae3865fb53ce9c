import type { Context, Next } from 'koa';
import { ApiError, bodyInvalid, internalError } from './api-error.js';
import { sendJson } from './respond.js';
import { randomHex } from '../support/ids.js';
import type { EmulatorLogger } from '../support/logger.js';

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** Turns every failure into the provider's error envelope; body-parser errors become `request_body_invalid`. */
export const errorHandler =
  (logger: EmulatorLogger) =>
  async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (error) {
      const status = statusOf(error);
      const apiError =
        error instanceof ApiError ? error : status !== undefined && status >= 400 && status < 500 ? bodyInvalid() : internalError();
      if (apiError.status >= 500) logger.warn({ err: String(error), path: ctx.path }, 'idp emulator defect');
      sendJson(ctx, apiError.status, { errors: [apiError.entry], clerk_trace_id: randomHex(16) });
      for (const [name, value] of Object.entries(apiError.headers)) ctx.set(name, value);
    }
  };
