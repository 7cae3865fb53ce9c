import { STATUS_CODES } from 'node:http';
import { ERROR_STATUS, type ErrorCode } from '../errors/error-status.js';
import type { Route } from '../routes/route.js';
import { propertiesOf, SchemaRegistry, type JsonSchema } from './json-schema.js';
import type { BodyDoc, SignatureScheme } from './route-doc.js';

/** The document's `info`. */
export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** ARCHITECTURE §5: every error answer has this body. */
const ERROR_BODY: JsonSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message', 'code'],
  properties: {
    statusCode: { type: 'integer', description: 'the HTTP status again' },
    error: { type: 'string', description: "the status's reason phrase" },
    message: { type: 'string' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'a stable error tag' },
    problems: { type: 'array', items: { type: 'string' }, description: '`ValidationFailed`: one line per problem' },
    retryAfterSeconds: { type: 'integer', description: 'with 429: as `Retry-After`' },
  },
};

const SECURITY_SCHEMES: Readonly<Record<string, JsonSchema>> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "The identity provider's session token (RS256, short-lived).",
  },
  idpWebhookId: {
    type: 'apiKey',
    in: 'header',
    name: 'idp-webhook-id',
    description: 'Standard Webhooks message id (the same on every retry).',
  },
  idpWebhookTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'idp-webhook-timestamp',
    description: 'Unix seconds of the attempt; within 5 minutes of now.',
  },
  idpWebhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'idp-webhook-signature',
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<raw body>` with `IDP_WEBHOOK_SECRET`.',
  },
  iyzicoSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-IYZ-SIGNATURE-V3',
    description: "iyzico's HMAC-SHA256 of the notification with the merchant's secret key.",
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: "`METRICS_TOKEN` (the scraper's own token, not a provider session); none on `METRICS_PORT`.",
  },
};

const SIGNATURE_SECURITY: Readonly<Record<SignatureScheme, Readonly<Record<string, readonly string[]>>>> = {
  idpWebhookSignature: { idpWebhookId: [], idpWebhookTimestamp: [], idpWebhookSignature: [] },
  iyzicoSignature: { iyzicoSignature: [] },
  metricsToken: { metricsToken: [] },
};

const RETRY_AFTER = { 'Retry-After': { description: 'seconds to wait before trying again', schema: { type: 'integer' } } };

/** Koa's `/a/:b` as OpenAPI's `/a/{b}`. */
export const openApiPath = (koaPath: string): string => koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const operationId = (route: Route): string =>
  route.method +
  route.path
    .split(/[/.-]/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith(':') ? `By${part[1]!.toUpperCase()}${part.slice(2)}` : `${part[0]!.toUpperCase()}${part.slice(1)}`))
    .join('');

// What a route's access and codecs imply, whatever the route says.
const impliedErrors = (route: Route): ErrorCode[] => {
  const input = route.input ?? {};
  return [
    ...(route.access === 'bearer' || route.optionalBearer === true
      ? (['Unauthenticated', 'UserDeleted', 'AuthenticationUnavailable'] as const)
      : []),
    ...(route.access === 'public' && route.probe !== true ? (['RateLimited'] as const) : []),
    ...(input.params !== undefined || input.query !== undefined || input.body !== undefined ? (['ValidationFailed'] as const) : []),
    ...(input.body !== undefined ? (['BadRequest', 'PayloadTooLarge', 'UnsupportedMediaType'] as const) : []),
    'InternalError',
  ];
};

const errorResponses = (codes: readonly ErrorCode[]): Record<string, unknown> => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, tags]) => [
      String(status),
      {
        description: `${STATUS_CODES[status] ?? 'Error'}: ${tags.join(', ')}`,
        ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
        content: {
          'application/json': {
            schema: { allOf: [{ $ref: '#/components/schemas/ErrorBody' }, { type: 'object', properties: { code: { enum: tags } } }] },
          },
        },
      },
    ]),
  );
};

const bodyContent = (body: BodyDoc, schemas: SchemaRegistry): Record<string, unknown> =>
  'contentType' in body ? { [body.contentType]: { schema: body.schema } } : { 'application/json': { schema: schemas.schemaOf(body) } };

const parameters = (route: Route, schemas: SchemaRegistry): unknown[] => {
  const params = route.input?.params === undefined ? [] : propertiesOf(route.input.params);
  const declared = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  if (declared.length !== params.length || !declared.every((name) => params.some((param) => param.name === name))) {
    throw new Error(
      `${route.method.toUpperCase()} ${route.path}: its params codec must name exactly its path parameters (${declared.join(', ')})`,
    );
  }
  const query = route.input?.query === undefined ? [] : propertiesOf(route.input.query);
  return [
    ...params.map((param) => ({ name: param.name, in: 'path', required: true, schema: schemas.schemaOf(param.codec) })),
    ...query.map((param) => ({ name: param.name, in: 'query', required: param.required, schema: schemas.schemaOf(param.codec) })),
  ];
};

const operation = (route: Route, schemas: SchemaRegistry): Record<string, unknown> => {
  const { doc } = route;
  const params = parameters(route, schemas);
  const body = route.input?.body;
  // An optional bearer: anonymous (`{}`) or the bearer token.
  const security =
    route.access === 'bearer'
      ? [{ bearerAuth: [] }]
      : route.optionalBearer === true
        ? [{}, { bearerAuth: [] }]
        : doc.signature === undefined
          ? []
          : [SIGNATURE_SECURITY[doc.signature]];
  const successes = Object.entries(doc.responses).map(([status, response]) => [
    status,
    {
      description: response.description,
      ...(response.headers === undefined
        ? {}
        : {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
            ),
          }),
      ...(response.body === undefined ? {} : { content: bodyContent(response.body, schemas) }),
    },
  ]);
  return {
    operationId: operationId(route),
    summary: doc.summary,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    tags: [doc.tag],
    security,
    ...(params.length === 0 ? {} : { parameters: params }),
    ...(body !== undefined ? { requestBody: { required: true, content: { 'application/json': { schema: schemas.schemaOf(body) } } } } : {}),
    ...(doc.rawBody !== undefined
      ? {
          requestBody: {
            required: true,
            description: doc.rawBody.description,
            content: Object.fromEntries(Object.entries(doc.rawBody.content).map(([type, schema]) => [type, { schema }])),
          },
        }
      : {}),
    // A route's own answer for a status (PayTR's text/plain 400) wins over the generic error body.
    responses: { ...errorResponses([...impliedErrors(route), ...(doc.errors ?? [])]), ...Object.fromEntries(successes) },
  };
};

/**
 * The OpenAPI 3.1 document of `routes`: paths, parameters and request bodies from the codecs the
 * routes decode with, responses from each route's `doc`, the error body of ARCHITECTURE §5 for every
 * error code a route can answer, and the security schemes (bearer token, webhook signature headers).
 * Throws when a route cannot be described (a codec of an unknown kind, params that do not match the path).
 *
 * @example
 * const document = openApiDocument(apiRoutes(options), { title: 'Membership API', version: '1.0.0' });
 */
export const openApiDocument = (routes: readonly Route[], info: OpenApiInfo): Record<string, unknown> => {
  const schemas = new SchemaRegistry();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const item = (paths[openApiPath(route.path)] ??= {});
    if (item[route.method] !== undefined) throw new Error(`${route.method.toUpperCase()} ${route.path} is declared twice`);
    item[route.method] = operation(route, schemas);
  }
  return {
    openapi: '3.1.0',
    info,
    tags: [...new Set(routes.map((route) => route.doc.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: { ErrorBody: ERROR_BODY, ...schemas.components() }, securitySchemes: SECURITY_SCHEMES },
  };
};
