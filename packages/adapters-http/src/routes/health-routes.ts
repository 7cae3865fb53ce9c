import type { HttpServices } from '../http-services.js';
import { publicEndpoint } from '../edge/public-endpoint.js';
import { failure, ok } from '../edge/reply.js';
import { STATUS_OK, StatusView } from '../responses/response-codecs.js';
import type { Route } from './route.js';

/** `GET /health` (liveness) and `GET /health/ready` (the database answers). */
export const healthRoutes = (services: HttpServices): readonly Route[] => [
  publicEndpoint({
    method: 'get',
    path: '/health',
    probe: true,
    doc: { summary: 'Liveness: the process answers', tag: 'health', responses: { 200: { description: 'Up', body: StatusView } } },
    handle: async () => ok(STATUS_OK),
  }),
  publicEndpoint({
    method: 'get',
    path: '/health/ready',
    probe: true,
    doc: {
      summary: 'Readiness: the database answers',
      tag: 'health',
      responses: { 200: { description: 'Ready to serve', body: StatusView } },
      errors: ['NotReady'],
    },
    handle: async () => {
      try {
        await services.checkReadiness();
        return ok(STATUS_OK);
      } catch {
        return failure({ _tag: 'NotReady', message: 'Database unavailable' });
      }
    },
  }),
];
