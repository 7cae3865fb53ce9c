import type { HttpServices } from '../http-services.js';
import { respondWithError } from '../errors/error-body.js';
import { StatusView } from '../responses/response-codecs.js';
import { sendJson } from '../edge/json-response.js';
import type { Route } from './route.js';

/** `GET /health` (liveness) and `GET /health/ready` (the database answers). */
export const healthRoutes = (services: HttpServices): readonly Route[] => [
  {
    method: 'get',
    path: '/health',
    access: 'public',
    probe: true,
    doc: { summary: 'Liveness: the process answers', tag: 'health', responses: { 200: { description: 'Up', body: StatusView } } },
    handler: (ctx) => {
      sendJson(ctx, 200, { status: 'ok' });
    },
  },
  {
    method: 'get',
    path: '/health/ready',
    access: 'public',
    probe: true,
    doc: {
      summary: 'Readiness: the database answers',
      tag: 'health',
      responses: { 200: { description: 'Ready to serve', body: StatusView } },
      errors: ['NotReady'],
    },
    handler: async (ctx) => {
      try {
        await services.checkReadiness();
        sendJson(ctx, 200, { status: 'ok' });
      } catch {
        respondWithError(ctx, 'NotReady', 'Database unavailable');
      }
    },
  },
];
