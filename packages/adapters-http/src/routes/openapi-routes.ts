import { publicEndpoint } from '../edge/public-endpoint.js';
import { text } from '../edge/reply.js';
import type { Route } from './route.js';

/** `GET /openapi.json`: the API's OpenAPI 3.1 document (public), built once from the routes themselves and served as built. */
export const openApiRoutes = (document: () => string): readonly Route[] => [
  publicEndpoint({
    method: 'get',
    path: '/openapi.json',
    doc: {
      summary: 'This API description (OpenAPI 3.1)',
      description: 'Generated from the routes: their codecs, their declared answers and the error map.',
      tag: 'meta',
      responses: {
        200: {
          description: 'The document',
          body: { contentType: 'application/json', schema: { type: 'object', required: ['openapi', 'info', 'paths'] } },
        },
      },
    },
    handle: async () => text(200, 'application/json', document()),
  }),
];
