import type * as t from 'io-ts';

/** What a codec admits, in JSON Schema keywords (draft 2020-12), for the API's description. */
export type JsonSchemaFacts = { readonly [keyword: string]: unknown };

/** A codec that also states what it admits; its predicate stays the rule, the facts describe it. */
export type Described<C> = C & { readonly jsonSchema: JsonSchemaFacts };

/**
 * Attaches to a codec whose rule lives in a predicate (a brand, a `new t.Type`) what it admits in
 * JSON Schema words, next to that predicate and from the same constants, so the OpenAPI document
 * derives its schema from the codec instead of restating the rule.
 *
 * @example
 * const IDP_USER_ID = /^user_[A-Za-z0-9]{1,64}$/;
 * export const IdpUserId = withJsonSchema(t.brand(t.string, (s): s is … => IDP_USER_ID.test(s), 'IdpUserId'), { type: 'string', pattern: IDP_USER_ID.source });
 */
export const withJsonSchema = <C extends t.Any>(codec: C, facts: JsonSchemaFacts): Described<C> =>
  Object.assign(codec, { jsonSchema: facts });

/** The JSON Schema of every local id (a UUID). */
export const UUID_SCHEMA: JsonSchemaFacts = { type: 'string', format: 'uuid' };
