import anyTest, { type TestFn } from 'ava';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createHttpApp, openApiPath } from '@idv/adapters-http';
import {
  agreementsArea,
  commerceArea,
  devicesArea,
  eventsArea,
  identityArea,
  organizationsArea,
  paymentsArea,
  unauthenticated,
} from '@idv/core';
import { createPaymentsWorld } from '@idv/core/testing';

// `/openapi.json` describes every route the router serves and nothing else, is
// valid OpenAPI 3.1, takes its request schemas from the codecs the routes decode with, and agrees
// with the README's HTTP API table.

type Operation = {
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
  requestBody?: any;
  parameters?: any[];
  security?: unknown[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, any>; securitySchemes: Record<string, unknown> };
};

const test = anyTest as TestFn<{ app: Koa; server: Server; url: string; document: Document }>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

test.before(async (t) => {
  const world = createPaymentsWorld();
  const services = {
    ...identityArea({
      ...world,
      verifier: { verify: async () => E.left(unauthenticated('token-invalid-signature')) },
      testAuthBypass: false,
    }),
    ...organizationsArea(world),
    ...paymentsArea(world),
    ...devicesArea(world),
    ...commerceArea(world),
    ...eventsArea(world),
    ...agreementsArea(world),
    checkReadiness: async () => undefined,
  };
  // Every optional part switched on, so the router serves every route there is.
  const app = createHttpApp({
    services,
    logger: world.logger,
    errorTracker: world.errorTracker,
    payments: { resultUrl: 'https://app.example.com/payments/result' },
    appLinks: { appleAppIds: ['ABCDE12345.com.example.app'] },
    botCheckStandIn: () => 'local_token',
    metricsEndpoint: { token: 'a-metrics-token-of-at-least-32-characters', scrape: async () => ({ contentType: 'text/plain', body: '' }) },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const response = await fetch(`${url}/openapi.json`);
  if (response.status !== 200) throw new Error(`/openapi.json answered ${response.status}`);
  t.context = { app, server, url, document: (await response.json()) as Document };
});
test.after.always((t) => {
  t.context.server?.close();
});

/** What the Koa router itself will answer: method and OpenAPI path of each registered layer (HEAD is Koa's twin of GET). */
const routerRoutes = (app: Koa): string[] => {
  const dispatch = app.middleware.find((fn) => 'router' in fn) as unknown as {
    router: { stack: Array<{ methods: string[]; path: string }> };
  };
  return dispatch.router.stack
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${openApiPath(layer.path)}`))
    .sort();
};

const documentedRoutes = (document: Document): string[] =>
  Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();

test('/openapi.json is public JSON and valid OpenAPI 3.1', async (t) => {
  const response = await fetch(`${t.context.url}/openapi.json`);
  t.is(response.status, 200);
  t.regex(response.headers.get('content-type') ?? '', /^application\/json/);
  t.is(t.context.document.openapi, '3.1.0');
  const validator = new Validator();
  const result = await validator.validate(structuredClone(t.context.document) as never);
  t.deepEqual(result.errors ?? [], []);
  t.true(result.valid);
  t.is(validator.version, '3.1');
});

test('every route of the router is described, with a summary, a tag and its answers; the document describes no route the router lacks', (t) => {
  const served = routerRoutes(t.context.app);
  t.true(served.length >= 30, `the router serves ${served.length} routes`);
  t.deepEqual(documentedRoutes(t.context.document), served);
  for (const [path, item] of Object.entries(t.context.document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      t.true((operation.summary ?? '').length > 0, `${where} has a summary`);
      t.is(operation.tags?.length, 1, `${where} has a tag`);
      t.true(
        Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2') || status.startsWith('3')),
        `${where} has a success answer`,
      );
      t.truthy(operation.responses?.['500'], `${where} may fail with the error body`);
    }
  }
});

test('security: bearer routes need the bearer token and can answer 401/410/503; the webhook needs all three signature headers; probes are open', (t) => {
  const { paths, components } = t.context.document;
  t.deepEqual(paths['/users/me']?.['get']?.security, [{ bearerAuth: [] }]);
  t.deepEqual(Object.keys(paths['/users/me']?.['get']?.responses ?? {}).sort(), ['200', '401', '404', '410', '500', '503']);
  t.deepEqual(paths['/webhooks/idp']?.['post']?.security, [{ idpWebhookId: [], idpWebhookTimestamp: [], idpWebhookSignature: [] }]);
  t.deepEqual(paths['/health']?.['get']?.security, []);
  t.deepEqual(paths['/metrics']?.['get']?.security, [{ metricsToken: [] }], '/metrics needs its own token, not a session');
  t.like(components.securitySchemes, {
    bearerAuth: { type: 'http', scheme: 'bearer' },
    idpWebhookSignature: { type: 'apiKey', in: 'header', name: 'idp-webhook-signature' },
  });
  t.deepEqual(paths['/health']?.['get']?.responses?.['429'], undefined, 'probes are never rate limited');
  t.truthy(paths['/webhooks/idp']?.['post']?.responses?.['429']);
});

test('errors are the ARCHITECTURE §5 body, each status listing its codes', (t) => {
  const { paths, components } = t.context.document;
  t.deepEqual(components.schemas['ErrorBody'].required, ['statusCode', 'error', 'message', 'code']);
  const conflict = paths['/organizations/{orgId}/invitations']?.['post']?.responses?.['409'] as any;
  t.deepEqual(conflict.content['application/json'].schema.allOf[1].properties.code.enum, [
    'AlreadyMember',
    'InvitationAlreadyPending',
    'MembershipChangedConcurrently',
  ]);
  const limited = paths['/organizations/{orgId}/invitations']?.['post']?.responses?.['429'] as any;
  t.truthy(limited.headers['Retry-After']);
  const unavailable = paths['/organizations/{orgId}/invitations']?.['post']?.responses?.['503'] as any;
  t.true(unavailable.content['application/json'].schema.allOf[1].properties.code.enum.includes('IdentityProviderUnavailable'));
  t.truthy(unavailable.headers['Retry-After'], 'a provider that cannot mail the invitation: 503 with Retry-After');
});

test('parameters and request bodies come from the codecs the routes decode with: the schema accepts what the codec accepts', (t) => {
  const { document } = t.context;
  const invite = document.paths['/organizations/{orgId}/invitations']?.['post'];
  t.deepEqual(invite?.parameters, [{ name: 'orgId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }]);
  t.deepEqual(invite?.requestBody?.content['application/json'].schema, { $ref: '#/components/schemas/InviteBody' });
  const roster = document.paths['/organizations/{orgId}/members']?.['get'];
  t.deepEqual(
    roster?.parameters?.map((p: { name: string; in: string; required: boolean }) => `${p.in} ${p.name} ${p.required}`),
    ['path orgId true', 'query limit false', 'query cursor false', 'query include false'],
  );

  const ajv = new Ajv2020({ strict: false });
  addFormats.default(ajv as unknown as Parameters<typeof addFormats.default>[0]);
  // The document itself is the schema root its `#/components/schemas/…` references resolve against.
  ajv.addSchema(structuredClone(document), 'openapi');
  const accepts = (name: string, value: unknown) => ajv.validate({ $ref: `openapi#/components/schemas/${name}` }, value);
  const samples: Array<[string, unknown, boolean]> = [
    ['InviteBody', { email: 'coach@example.com', role: 'coach' }, true],
    ['InviteBody', { email: 'not-an-address', role: 'coach' }, false],
    ['InviteBody', { email: 'coach@example.com', role: 'janitor' }, false],
    ['InviteBody', { email: 'coach@example.com' }, false],
    ['OrganizationBody', { name: 'Iron Gym' }, true],
    ['OrganizationBody', { name: '' }, false],
    ['OrganizationBody', { name: 'x'.repeat(101) }, false],
    ['InvitationReference', { token: 'a.b.c' }, true],
    ['InvitationReference', { invitationId: '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f' }, true],
    ['InvitationReference', { invitationId: 'nope' }, false],
    ['StartPaymentBody', { provider: 'paytr', amountMinor: 15000, currency: 'TRY', description: 'Monthly' }, true],
    ['StartPaymentBody', { provider: 'paytr', amountMinor: 0, currency: 'TRY', description: 'Monthly' }, false],
  ];
  for (const [name, value, expected] of samples) t.is(accepts(name, value), expected, `${name} ${JSON.stringify(value)}`);
});

/** The README's HTTP API table as `METHOD /path` lines (`…/x` continues the previous path's parent). */
const readmeRoutes = (): string[] => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## HTTP API'), readme.indexOf('\n## ', readme.indexOf('## HTTP API') + 1));
  return section
    .split('\n')
    .filter((line) => /^\| [A-Z, ]+ \| `/.test(line))
    .flatMap((line) => {
      const [, methods = '', paths = ''] = line.split('|').map((cell) => cell.trim());
      let previous = '';
      const expanded = [...paths.matchAll(/`([^`]+)`/g)].map(([, path = '']) => {
        previous = path.startsWith('…/') ? `${previous.slice(0, previous.lastIndexOf('/'))}${path.slice(1)}` : path;
        return openApiPath(previous);
      });
      return methods.split(',').flatMap((method) => expanded.map((path) => `${method.trim()} ${path}`));
    })
    .sort();
};

test('the README HTTP API table lists exactly the routes the router serves', (t) => {
  t.deepEqual(readmeRoutes(), routerRoutes(t.context.app));
});
