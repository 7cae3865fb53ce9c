import type { HttpServices } from '../http-services.js';
import { respondWithError } from '../errors/error-body.js';
import type { Route } from './route.js';

/** `GET /health` (liveness) and `GET /health/ready` (the database answers). */
export const healthRoutes = (services: HttpServices): readonly Route[] => [
  {
    method: 'get',
    path: '/health',
    access: 'public',
    probe: true,
    handler: (ctx) => {
      ctx.body = { status: 'ok' };
    },
  },
  {
    method: 'get',
    path: '/health/ready',
    access: 'public',
    probe: true,
    handler: async (ctx) => {
      try {
        await services.checkReadiness();
        ctx.body = { status: 'ok' };
      } catch {
        respondWithError(ctx, 'NotReady', 'Database unavailable');
      }
    },
  },
];
