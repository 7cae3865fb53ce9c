import anyTest, { type TestFn } from 'ava';
import { createHmac, randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { seededRandom, type SeededRandom } from '../support/seeded-random.js';
import { randomJson as randomJsonOf, randomText } from './random-json.js';
import { capturedExceptions, rawRequest, type RawResponse } from './raw-http.js';
import { schemaValue, type JsonSchema } from './schema-values.js';

// Spec rule 4 on every route, not only the webhook: a seeded fuzzer drives each operation that
// /openapi.json describes with plausible requests drawn from its own schemas, then breaks them (odd
// path segments, repeated or malformed query parameters, mutated, random, truncated or mislabelled
// bodies, unknown and deleted callers). Every answer must be one the document lists for that
// operation, with a listed error code, never a 500; nothing may be captured as a defect; the service
// still answers afterwards. Default 1,500 requests; a longer run:
//   API_FUZZ_INPUTS=20000 API_FUZZ_SEED=12345 npx ava tests/dist/security/api-fuzz.test.js

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters?: ReadonlyArray<{ readonly name: string; readonly in: string; readonly schema: JsonSchema }>;
  readonly requestBody?: { readonly content: Readonly<Record<string, { readonly schema: JsonSchema }>> };
  readonly responses: Readonly<Record<string, { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> }>>;
}
interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Omit<Operation, 'method' | 'path'>>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>> };
}

/** Who calls: provider ids of seeded users, and the ids of what they own (grown by each new cast). */
interface Cast {
  readonly callers: string[];
  readonly orgIds: string[];
  readonly membershipIds: string[];
  readonly invitationIds: string[];
}

const test = anyTest as TestFn<{ world: EmulatedService; document: OpenApiDocument; cast: Cast }>;

const INPUTS = Number(process.env['API_FUZZ_INPUTS'] ?? 1500);
const SEED = Number(process.env['API_FUZZ_SEED'] ?? randomInt(2 ** 31));
const CONCURRENCY = 8;
// A fresh organization with its members every so many requests, since deletions and departures
// would otherwise leave later requests nothing to reach.
const CAST_EVERY = 300;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
// Probes and the webhook are fuzzed elsewhere (webhook-fuzz.test.ts); the metrics route needs its token.
const SKIPPED_PATHS = new Set(['/health', '/health/ready', '/webhooks/idp', '/metrics']);
// Deleting oneself or a whole organization ends a cast's usefulness: drawn far less often.
const RARE = new Set(['DELETE /users/me', 'DELETE /organizations/{orgId}']);

const PAYTR_KEY = 'fuzz-merchant-key';
const PAYTR_SALT = 'fuzz-merchant-salt';

/** A PayTR notification signed as PayTR signs it (base64 HMAC-SHA256 of oid, salt, status, total), over odd values. */
const signedPaytrNotice = (r: SeededRandom): string => {
  const fields = {
    merchant_oid: r.pick(['', 'FUZZ1', randomText(r, 20), 'a'.repeat(200)]),
    status: r.pick(['success', 'failed', '', randomText(r, 8)]),
    total_amount: r.pick(['100', '0', '-1', '1e3', '', randomText(r, 6)]),
  };
  const hash = createHmac('sha256', PAYTR_KEY)
    .update(`${fields.merchant_oid}${PAYTR_SALT}${fields.status}${fields.total_amount}`)
    .digest('base64');
  return new URLSearchParams({ ...fields, hash, ...(r.next() < 0.3 ? { failed_reason_msg: randomText(r, 30) } : {}) }).toString();
};

const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
};

test.before(async (t) => {
  // The payment providers are switched on but unreachable: starting a payment meets a provider that is down.
  const unreachable = `http://127.0.0.1:${await closedPort()}`;
  const world = await startEmulatedService({
    LOG_LEVEL: 'warn',
    PUBLIC_RATE_LIMIT_POINTS: '1000000',
    INVITATION_LIMIT_ORGANIZATION_PER_HOUR: '100000',
    INVITATION_LIMIT_INVITER_PER_HOUR: '100000',
    INVITATION_LIMIT_RECIPIENT_PER_DAY: '100000',
    PAYMENTS_PROVIDERS: 'iyzico,paytr',
    IYZICO_API_KEY: 'fuzz-api-key',
    IYZICO_SECRET_KEY: 'fuzz-secret-key',
    IYZICO_MERCHANT_ID: '3397',
    IYZICO_BASE_URL: unreachable,
    PAYTR_MERCHANT_ID: '123456',
    PAYTR_MERCHANT_KEY: PAYTR_KEY,
    PAYTR_MERCHANT_SALT: PAYTR_SALT,
    PAYTR_BASE_URL: unreachable,
    PAYMENT_CALLBACK_RATE_POINTS: '1000000',
    PAYMENT_CALLBACK_FAIL_POINTS: '1000000',
  });
  t.context = {
    world,
    document: (await (await fetch(`${world.service.url}/openapi.json`)).json()) as OpenApiDocument,
    cast: { callers: [], orgIds: [], membershipIds: [], invitationIds: [] },
  };
});
test.after.always(async (t) => {
  await t.context.world?.close();
});

/** A new owner, admin, coach and member in a new organization, and one pending invitation. */
const castAgain = async (world: EmulatedService, cast: Cast, round: number): Promise<void> => {
  const email = (role: string) => `fuzz-${role}-${round}@example.com`;
  const [owner, admin, coach, member] = await Promise.all(['owner', 'admin', 'coach', 'member'].map((role) => world.seedUser(email(role))));
  const members = [
    { idpId: admin!, email: email('admin'), role: 'admin' as const },
    { idpId: coach!, email: email('coach'), role: 'coach' as const },
    { idpId: member!, email: email('member'), role: 'member' as const },
  ];
  const { orgId, ownerMembershipId, membershipIds } = await organizationWithMembers(world, owner!, `Fuzz Gym ${round}`, members);
  const invited = await world
    .as(owner!)
    .post(`/organizations/${orgId}/invitations`, { email: `fuzz-invitee-${round}@example.com`, role: 'coach' });
  if (invited.status !== 201) throw new Error(`inviting answered ${invited.status}`);
  cast.callers.push(owner!, admin!, coach!, member!);
  cast.orgIds.push(orgId);
  cast.membershipIds.push(ownerMembershipId, ...membershipIds.values());
  cast.invitationIds.push(invited.body.invitation.id as string);
};

const operationsOf = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    SKIPPED_PATHS.has(path)
      ? []
      : Object.entries(item)
          .filter(([method]) => METHODS.includes(method))
          .map(([method, operation]) => ({ ...operation, method, path })),
  );

const pickOperation = (r: SeededRandom, operations: readonly Operation[]): Operation => {
  for (;;) {
    const operation = r.pick(operations);
    if (!RARE.has(`${operation.method.toUpperCase()} ${operation.path}`) || r.next() < 0.02) return operation;
  }
};

/** Mostly one of the newest cast's four (still alive and in their organization), else any. */
const newestMostly = (r: SeededRandom, items: readonly string[]): string => r.pick(r.next() < 0.75 ? items.slice(-4) : items);

const ODD_SEGMENTS = [
  'x',
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '%2e%2e',
  '%00',
  'a'.repeat(300),
  '123',
  '-1',
  '%F0%9F%98%80',
  'null',
  '%20',
  '%C3%A9',
  '.',
  '%2F',
];
const ODD_QUERY_VALUES = [
  '',
  '-1',
  '0',
  '1',
  'ten',
  '1e3',
  '1.5',
  '201',
  '9007199254740993',
  'cancelled',
  'everything',
  '%zz',
  '[]',
  'a'.repeat(600),
];

const SAMPLE_VALUES = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  '',
  'x',
  [],
  {},
  [1, 'a'],
  { id: 1 },
  'a'.repeat(300),
  '\u0000',
  1.5,
  '00000000-0000-0000-0000-000000000000',
];
const randomJson = (r: SeededRandom): unknown => randomJsonOf(r, SAMPLE_VALUES, []);

/** One to three edits anywhere in a plausible value: a member replaced, removed or added. */
const mutated = (r: SeededRandom, value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return r.next() < 0.5 ? randomJson(r) : value;
  const copy = structuredClone(value) as Record<string, unknown>;
  for (let edits = 1 + r.int(3); edits > 0; edits -= 1) {
    const keys = Object.keys(copy);
    const key = keys.length > 0 && r.next() < 0.8 ? r.pick(keys) : randomText(r, 8);
    if (r.next() < 0.3) delete copy[key];
    else copy[key] = typeof copy[key] === 'object' && copy[key] !== null && r.next() < 0.5 ? mutated(r, copy[key]) : randomJson(r);
  }
  return copy;
};

const pathValue = (r: SeededRandom, name: string, schema: JsonSchema, cast: Cast, document: OpenApiDocument): string => {
  if (r.next() < 0.2) return r.pick(ODD_SEGMENTS);
  const known: Readonly<Record<string, readonly string[]>> = {
    orgId: cast.orgIds,
    membershipId: cast.membershipIds,
    invitationId: cast.invitationIds,
  };
  const value =
    known[name] !== undefined && r.next() < 0.9
      ? newestMostly(r, known[name]!)
      : String(schemaValue(schema, document.components.schemas, r, { uuids: () => [...cast.orgIds, ...cast.membershipIds] }));
  return encodeURIComponent(value);
};

const queryOf = (r: SeededRandom, operation: Operation, cast: Cast, document: OpenApiDocument): string => {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
    if (r.next() < 0.4) continue;
    const value =
      r.next() < 0.5
        ? String(schemaValue(parameter.schema, document.components.schemas, r, { uuids: () => cast.membershipIds }))
        : r.pick(ODD_QUERY_VALUES);
    query.append(parameter.name, value);
    if (r.next() < 0.1) query.append(parameter.name, r.pick(ODD_QUERY_VALUES));
  }
  if (r.next() < 0.1) query.append(randomText(r, 6) || 'extra', r.pick(ODD_QUERY_VALUES));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
};

const serialize = (value: unknown, contentType: string): string =>
  contentType === 'application/x-www-form-urlencoded' && typeof value === 'object' && value !== null
    ? new URLSearchParams(
        Object.entries(value).map(([key, member]): [string, string] => [
          key,
          typeof member === 'string' ? member : (JSON.stringify(member) ?? ''),
        ]),
      ).toString()
    : (JSON.stringify(value) ?? 'null');

/** A body and its content type: plausible, mutated, random, truncated, mislabelled, or none. */
const bodyOf = (r: SeededRandom, operation: Operation, cast: Cast, document: OpenApiDocument): { body?: string; contentType?: string } => {
  const declared = Object.entries(operation.requestBody?.content ?? {})[0];
  if (declared === undefined) return r.next() < 0.1 ? { body: JSON.stringify(randomJson(r)), contentType: 'application/json' } : {};
  const [contentType, { schema }] = declared;
  if (operation.path === '/payments/callbacks/paytr' && r.next() < 0.5) return { body: signedPaytrNotice(r), contentType };
  const plausible = schemaValue(schema, document.components.schemas, r, { uuids: () => [...cast.membershipIds, ...cast.invitationIds] });
  const kind = r.int(10);
  if (kind < 3) return { body: serialize(plausible, contentType), contentType };
  if (kind < 6) return { body: serialize(mutated(r, plausible), contentType), contentType };
  if (kind === 6) return { body: serialize(randomJson(r), contentType), contentType };
  if (kind === 7) {
    const text = serialize(plausible, contentType);
    return { body: text.slice(0, r.int(text.length)), contentType };
  }
  if (kind === 8)
    return {
      body: serialize(plausible, contentType),
      contentType: r.pick([
        'text/plain',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/x-www-form-urlencoded',
        'application/json',
      ]),
    };
  return {};
};

// Header values node:http will send (visible ASCII and spaces).
const ODD_HEADER_VALUES = [
  'x',
  'user_',
  'user_' + 'a'.repeat(300),
  ' user_x ',
  'user_fuzz;drop',
  '{}',
  'null',
  '0',
  'USER_ABC',
  'user_a b',
];

const callerHeaders = (r: SeededRandom, cast: Cast): Record<string, string> => {
  const kind = r.int(20);
  if (kind === 0) return {};
  const idpId = kind === 1 ? 'user_fuzznobody' : kind === 2 ? r.pick(ODD_HEADER_VALUES) : newestMostly(r, cast.callers);
  return {
    'x-test-user-id': idpId,
    ...(r.next() < 0.1 ? { 'x-test-role': r.pick(['platform_admin', 'owner', ...ODD_HEADER_VALUES]) } : {}),
  };
};

const documentedCodes = (operation: Operation, status: number): readonly unknown[] | undefined => {
  const schema = operation.responses[String(status)]?.content?.['application/json']?.schema;
  return schema?.allOf?.[1]?.properties?.['code']?.enum;
};

/** Why an answer breaks the document, or undefined when the document lists it. */
const violation = (operation: Operation, response: RawResponse): string | undefined => {
  let code: unknown;
  try {
    code = (JSON.parse(response.body) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  // A path whose segments no longer match the template reaches no operation at all.
  if ((response.status === 404 && code === 'RouteNotFound') || (response.status === 405 && code === 'MethodNotAllowed')) return undefined;
  if (response.status >= 500 && response.status !== 503) return `answered ${response.status}`;
  if (operation.responses[String(response.status)] === undefined) return `answered ${response.status}, which the document does not list`;
  // A page (the hosted signing page) answers its errors as HTML for a person: the status is checked, it has no code.
  if (operation.responses['200']?.content?.['text/html'] !== undefined && response.body.startsWith('<!doctype html>')) return undefined;
  const codes = documentedCodes(operation, response.status);
  if (codes !== undefined && !codes.includes(code)) return `answered ${response.status} ${String(code)}, a code the document does not list`;
  return undefined;
};

test('every operation of /openapi.json, driven with plausible and broken requests, answers only what the document lists: never a 500', async (t) => {
  const { world, document, cast } = t.context;
  t.log(`API fuzzer: seed ${SEED}, ${INPUTS} requests (replay with API_FUZZ_SEED=${SEED} API_FUZZ_INPUTS=${INPUTS})`);
  const r = seededRandom(SEED);
  const operations = operationsOf(document);
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  for (let start = 0; start < INPUTS; start += CONCURRENCY) {
    if (start % CAST_EVERY === 0) await castAgain(world, cast, start / CAST_EVERY);
    const batch = Array.from({ length: Math.min(CONCURRENCY, INPUTS - start) }, () => {
      const operation = pickOperation(r, operations);
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        pathValue(r, name, operation.parameters?.find((p) => p.name === name)?.schema ?? {}, cast, document),
      );
      const { body, contentType } = bodyOf(r, operation, cast, document);
      // node:http sends no length for a GET or DELETE body unless told, and the server would read it as the next request.
      const headers = {
        ...callerHeaders(r, cast),
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      };
      return {
        operation,
        request: {
          method: operation.method.toUpperCase(),
          path: `${path}${queryOf(r, operation, cast, document)}`,
          headers,
          ...(body === undefined ? {} : { body }),
        },
      };
    });
    await Promise.all(
      batch.map(async ({ operation, request }) => {
        const response = await rawRequest(world.service.url, request);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const problem = violation(operation, response);
        if (problem !== undefined)
          failures.push(`${request.method} ${request.path.slice(0, 160)} (${operation.path}) ${problem}: ${response.body.slice(0, 200)}`);
      }),
    );
  }
  t.log(
    `statuses: ${[...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')}`,
  );
  const defects = capturedExceptions(world.service.logs.records()).map((record) => record['err']);
  t.deepEqual(
    { failures: [...new Set(failures)], defects },
    { failures: [], defects: [] },
    'only documented answers, and nothing captured as a defect',
  );
  t.is((await fetch(`${world.service.url}/health/ready`)).status, 200);
  const successes = [...statuses.entries()].filter(([status]) => status < 400).reduce((sum, [, count]) => sum + count, 0);
  t.true(successes > INPUTS / 20 && (statuses.get(400) ?? 0) > INPUTS / 20, 'both accepted and refused requests were produced');
});
