import type { Context, Next } from 'koa';
import { keyInvalid, tooManyRequests } from './api-error.js';
import type { EmulatorState } from '../emulator-state.js';

const isPublic = (path: string): boolean => !path.startsWith('/v1/') || path.startsWith('/v1/tickets/') || path.startsWith('/v1/client/');

/** Admin API gate: `Authorization: Bearer <secret key>` on `/v1/*`, then the rate limit (never on JWKS). */
export const adminGuard =
  (state: EmulatorState) =>
  async (ctx: Context, next: Next): Promise<void> => {
    if (isPublic(ctx.path)) return next();
    if (ctx.get('authorization') !== `Bearer ${state.config.secretKey}`) throw keyInvalid();
    if (ctx.path !== '/v1/jwks') {
      const retryAfter = state.rateLimiter.hit(state.clock.now());
      if (retryAfter !== undefined) throw tooManyRequests(retryAfter);
    }
    return next();
  };
