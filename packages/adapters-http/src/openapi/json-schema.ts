import type * as t from 'io-ts';

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** Any io-ts decoder; the converter reads its runtime shape (`_tag`, `props`, `types`, `name`). */
export type Codec = t.Decoder<unknown, unknown>;

/** A codec's own name is a component name when it reads like a type name (`OrganizationBody`), not io-ts's generated one (`{ name: string }`). */
const isComponentName = (name: string): boolean => /^[A-Z][A-Za-z0-9]*$/.test(name);

interface Shape {
  readonly _tag?: string;
  readonly name: string;
  readonly value?: unknown;
  readonly keys?: Readonly<Record<string, unknown>>;
  readonly props?: Readonly<Record<string, Codec>>;
  readonly types?: readonly Codec[];
  readonly type?: Codec;
  readonly codomain?: Codec;
  /** What a codec whose rule lives in a predicate admits, declared with it (core's `withJsonSchema`). */
  readonly jsonSchema?: JsonSchema;
}

const shapeOf = (codec: Codec): Shape => codec as unknown as Shape;

const OBJECT_TAGS = new Set(['InterfaceType', 'PartialType', 'StrictType', 'ExactType', 'IntersectionType', 'ReadonlyType']);
/** Codec kinds that become a component when they carry a type-like name. */
const COMPONENT_TAGS = new Set([...OBJECT_TAGS, 'UnionType']);

/** One property of an object codec (for query and path parameters). */
export interface CodecProperty {
  readonly name: string;
  readonly codec: Codec;
  readonly required: boolean;
}

/** The properties of an object codec (`t.type`, `t.partial`, their intersections, `exact`/`readonly` wrappers). */
export const propertiesOf = (codec: Codec): readonly CodecProperty[] => {
  const shape = shapeOf(codec);
  switch (shape._tag) {
    case 'InterfaceType':
    case 'PartialType':
      return Object.entries(shape.props ?? {}).map(([name, prop]) => ({ name, codec: prop, required: shape._tag === 'InterfaceType' }));
    case 'StrictType':
    case 'ExactType':
    case 'ReadonlyType':
      return propertiesOf(shape.type!);
    case 'IntersectionType':
      return (shape.types ?? []).flatMap(propertiesOf);
    default:
      throw new Error(`cannot list the properties of codec ${shape.name} (${shape._tag ?? 'custom'})`);
  }
};

/**
 * Turns io-ts codecs into JSON Schemas, collecting named object codecs as reusable components
 * (`#/components/schemas/<Name>`). One instance per document.
 *
 * @example
 * const schemas = new SchemaRegistry();
 * schemas.schemaOf(OrganizationBody); // { $ref: '#/components/schemas/OrganizationBody' }
 * schemas.components(); // { OrganizationBody: { type: 'object', properties: { name: … }, required: ['name'] } }
 */
export class SchemaRegistry {
  private readonly named = new Map<string, { readonly codec: Codec; schema?: JsonSchema }>();

  /** The schema of a codec; a named object codec becomes a `$ref`. */
  schemaOf(codec: Codec): JsonSchema {
    const shape = shapeOf(codec);
    if (shape._tag !== undefined && COMPONENT_TAGS.has(shape._tag) && isComponentName(shape.name)) {
      const known = this.named.get(shape.name);
      if (known !== undefined && known.codec !== codec) throw new Error(`two different codecs are both named ${shape.name}`);
      if (known === undefined) {
        const entry: { readonly codec: Codec; schema?: JsonSchema } = { codec };
        this.named.set(shape.name, entry);
        entry.schema = this.inline(codec);
      }
      return { $ref: `#/components/schemas/${shape.name}` };
    }
    return this.inline(codec);
  }

  /** Every component met so far, by name. */
  components(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.named].map(([name, { schema }]) => [name, schema ?? {}]));
  }

  private inline(codec: Codec): JsonSchema {
    const shape = shapeOf(codec);
    // A brand or custom codec states what its predicate admits; a personal-data mark inherits it.
    if (shape.jsonSchema !== undefined) return shape.jsonSchema;
    switch (shape._tag) {
      case 'StringType':
        return { type: 'string' };
      case 'NumberType':
        return { type: 'number' };
      case 'BooleanType':
        return { type: 'boolean' };
      case 'NullType':
        return { type: 'null' };
      case 'UnknownType':
      case 'AnyType':
        return {};
      case 'LiteralType':
        return { const: shape.value };
      case 'KeyofType':
        return { type: 'string', enum: Object.keys(shape.keys ?? {}) };
      case 'InterfaceType':
      case 'PartialType': {
        const properties = Object.entries(shape.props ?? {}).map(([name, prop]) => [name, this.schemaOf(prop)] as const);
        const required = shape._tag === 'InterfaceType' ? Object.keys(shape.props ?? {}) : [];
        return { type: 'object', properties: Object.fromEntries(properties), ...(required.length > 0 ? { required } : {}) };
      }
      case 'StrictType':
      case 'ExactType':
        return { ...this.inline(shape.type!), additionalProperties: false };
      case 'ReadonlyType':
        return this.inline(shape.type!);
      case 'IntersectionType':
        return { allOf: (shape.types ?? []).map((member) => this.schemaOf(member)) };
      case 'UnionType':
        return { anyOf: (shape.types ?? []).map((member) => this.schemaOf(member)) };
      case 'ArrayType':
      case 'ReadonlyArrayType':
        return { type: 'array', items: this.schemaOf(shape.type!) };
      case 'DictionaryType':
        return { type: 'object', additionalProperties: this.schemaOf(shape.codomain!) };
      case 'RefinementType':
        // A refinement's predicate cannot be read back: only its declared facts (above) say what it allows.
        throw new Error(`no JSON Schema for the refinement ${shape.name}: declare it with the codec (withJsonSchema)`);
      default:
        throw new Error(
          `no JSON Schema for codec ${shape.name} (${shape._tag ?? 'custom type'}): declare it with the codec (withJsonSchema)`,
        );
    }
  }
}
