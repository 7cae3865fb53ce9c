import test from 'ava';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { Email, MerchantReference, merchantReferenceOf, NationalId, OrganizationId, PaymentId, Role } from '@idv/core';
import { personalData } from '../edge/personal-data.js';
import type { Route } from '../routes/route.js';
import { propertiesOf, SchemaRegistry } from './json-schema.js';
import { openApiDocument } from './openapi-document.js';

test('the codec kinds the routes use become JSON Schema; named object codecs become components', (t2) => {
  const schemas = new SchemaRegistry();
  const Body = t.intersection(
    [t.type({ email: Email, role: Role, tags: t.array(t.string) }), t.partial({ note: t.union([t.string, t.null]), kind: t.literal('x') })],
    'Body',
  );
  t2.deepEqual(schemas.schemaOf(Body), { $ref: '#/components/schemas/Body' });
  t2.deepEqual(schemas.components(), {
    Body: {
      allOf: [
        {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email', maxLength: 320, description: 'trimmed and lower-cased on decoding' },
            role: { type: 'string', enum: ['owner', 'admin', 'coach', 'member'] },
            tags: { type: 'array', items: { type: 'string' } },
          },
          required: ['email', 'role', 'tags'],
        },
        { type: 'object', properties: { note: { anyOf: [{ type: 'string' }, { type: 'null' }] }, kind: { const: 'x' } } },
      ],
    },
  });
  t2.deepEqual(schemas.schemaOf(t.exact(t.type({ id: OrganizationId }))), {
    type: 'object',
    properties: { id: { type: 'string', format: 'uuid' } },
    required: ['id'],
    additionalProperties: false,
  });
  t2.deepEqual(schemas.schemaOf(t.record(t.string, t.number)), { type: 'object', additionalProperties: { type: 'number' } });
});

test('a codec whose rule cannot be read back fails loudly instead of being described as anything', (t2) => {
  const schemas = new SchemaRegistry();
  const Odd = t.brand(t.string, (s): s is t.Branded<string, { readonly Odd: unique symbol }> => s.length % 2 === 1, 'Odd');
  t2.throws(() => schemas.schemaOf(t.type({ odd: Odd })), { message: /no JSON Schema for the refinement Odd: declare it with the codec/ });
  const Custom = new t.Type<string, string, unknown>(
    'Custom',
    (u): u is string => typeof u === 'string',
    (u, c) => t.string.validate(u, c),
    t.identity,
  );
  t2.throws(() => schemas.schemaOf(Custom), { message: /no JSON Schema for codec Custom \(custom type\)/ });
  t2.throws(() => schemas.schemaOf(t.tuple([t.string])), { message: /TupleType/ });
});

test('a brand is described by the facts its codec declares, so the schema and the codec cannot disagree (MerchantReference)', (t2) => {
  const schemas = new SchemaRegistry();
  const schema = schemas.schemaOf(MerchantReference) as { pattern: string };
  t2.deepEqual(schema, { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' });
  // The codec is the rule: the references we build and any provider's alphanumeric reference both pass, and the pattern agrees.
  for (const reference of [merchantReferenceOf('0d9b1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4' as PaymentId), 'ABC123', 'x'.repeat(65), 'P-1']) {
    t2.is(new RegExp(schema.pattern).test(reference), E.isRight(MerchantReference.decode(reference)), reference);
  }
});

test('a personal-data mark keeps the schema of the codec it marks', (t2) => {
  const schemas = new SchemaRegistry();
  t2.deepEqual(schemas.schemaOf(personalData(NationalId)), schemas.schemaOf(NationalId));
});

test('two different codecs under one component name are refused', (t2) => {
  const schemas = new SchemaRegistry();
  schemas.schemaOf(t.type({ a: t.string }, 'Same'));
  t2.throws(() => schemas.schemaOf(t.type({ b: t.string }, 'Same')), { message: /two different codecs are both named Same/ });
});

test('propertiesOf flattens type, partial and their intersections (query parameters)', (t2) => {
  const Query = t.intersection([t.type({ a: t.string }), t.partial({ b: t.string })]);
  t2.deepEqual(
    propertiesOf(Query).map(({ name, required }) => [name, required]),
    [
      ['a', true],
      ['b', false],
    ],
  );
});

const route = (overrides: Partial<Route>): Route => ({
  method: 'get',
  path: '/things/:thingId',
  access: 'bearer',
  handler: () => undefined,
  input: { params: t.type({ thingId: OrganizationId }) },
  doc: { summary: 'A thing', tag: 'things', responses: { 200: { description: 'The thing' } } },
  ...overrides,
});

test('the document refuses a route whose params codec does not name its path parameters, or a route declared twice', (t2) => {
  const info = { title: 'test', version: '1' };
  t2.notThrows(() => openApiDocument([route({})], info));
  t2.throws(() => openApiDocument([route({ input: {} })], info), {
    message: /GET \/things\/:thingId: its params codec must name exactly its path parameters \(thingId\)/,
  });
  t2.throws(() => openApiDocument([route({ input: { params: t.type({ other: OrganizationId }) } })], info), {
    message: /must name exactly its path parameters/,
  });
  t2.throws(() => openApiDocument([route({}), route({})], info), { message: /GET \/things\/:thingId is declared twice/ });
});
