import type { Route } from './route.js';

/** `GET /openapi.json`: the API's OpenAPI 3.1 document (public), built once from the routes themselves. */
export const openApiRoutes = (document: () => string): readonly Route[] => [
  {
    method: 'get',
    path: '/openapi.json',
    access: 'public',
    doc: {
      summary: 'This API description (OpenAPI 3.1)',
      description: 'Generated from the routes: their codecs, their declared answers and the error map.',
      tag: 'meta',
      responses: { 200: { description: 'The document', body: { contentType: 'application/json', schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } } },
    },
    handler: (ctx) => {
      ctx.type = 'application/json';
      ctx.body = document();
    },
  },
];
