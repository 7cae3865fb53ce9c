import { randomUUID } from 'node:crypto';
import type { SeededRandom } from '../support/seeded-random.js';

/** The part of JSON Schema (OpenAPI 3.1) that `/openapi.json` uses for parameters and request bodies. */
export interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly format?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
}

/** Where drawn values come from: ids that exist in the service, so requests reach past the lookups. */
export interface ValuePools {
  readonly uuids: () => readonly string[];
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PRINTABLE = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');
const text = (r: SeededRandom, alphabet: string, length: number): string =>
  Array.from({ length }, () => alphabet[r.int(alphabet.length)]).join('');

/** Strings of several shapes; the first that the pattern accepts is used. */
const patternCandidates = (r: SeededRandom): string[] => [
  text(r, ALNUM, 1 + r.int(12)),
  `${text(r, ALNUM, 4)}-${text(r, ALNUM, 6)}`,
  text(r, '0123456789', 11),
  text(r, PRINTABLE, 16 + r.int(48)),
  `Fuzz ${text(r, ALNUM, 6)}`,
];

const stringValue = (schema: JsonSchema, r: SeededRandom, pools: ValuePools): string => {
  if (schema.format === 'uuid') return r.next() < 0.8 && pools.uuids().length > 0 ? r.pick(pools.uuids()) : randomUUID();
  if (schema.format === 'email') return `fuzz${r.int(40)}@example.${r.pick(['com', 'org'])}`;
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    const fitting = patternCandidates(r).filter((candidate) => pattern.test(candidate));
    if (fitting.length > 0) return r.pick(fitting);
  }
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 40, min + 40);
  return text(r, `${ALNUM} `, min + r.int(max - min + 1)).replace(/^ | $/g, 'x');
};

/**
 * A value the schema accepts (as far as this subset of JSON Schema can say): what a well-behaved
 * client would send, for the fuzzer to send as it is or to break.
 */
export const schemaValue = (
  schema: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
  r: SeededRandom,
  pools: ValuePools,
  depth = 0,
): unknown => {
  if (schema.$ref !== undefined)
    return schemaValue(components[schema.$ref.replace('#/components/schemas/', '')] ?? {}, components, r, pools, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return r.pick(schema.enum);
  if (schema.allOf !== undefined) {
    return Object.assign({}, ...(schema.allOf.map((part) => schemaValue(part, components, r, pools, depth)) as object[]));
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives !== undefined) return schemaValue(r.pick(alternatives), components, r, pools, depth);
  const types =
    schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type.filter((type) => type !== 'null');
  const type = types.length > 0 ? r.pick(types) : schema.properties !== undefined ? 'object' : 'string';
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) => schema.required?.includes(name) || r.next() < 0.7);
      if (entries.length === 0 && typeof schema.additionalProperties === 'object' && depth < 3) {
        return Object.fromEntries(
          Array.from({ length: r.int(4) }, () => [
            text(r, ALNUM, 6),
            schemaValue(schema.additionalProperties as JsonSchema, components, r, pools, depth + 1),
          ]),
        );
      }
      return Object.fromEntries(entries.map(([name, property]) => [name, schemaValue(property, components, r, pools, depth + 1)]));
    }
    case 'array':
      return depth < 3 ? Array.from({ length: r.int(3) }, () => schemaValue(schema.items ?? {}, components, r, pools, depth + 1)) : [];
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? min + 1000, min + 1_000_000);
      return min + r.int(max - min + 1);
    }
    case 'boolean':
      return r.next() < 0.5;
    default:
      return stringValue(schema, r, pools);
  }
};
