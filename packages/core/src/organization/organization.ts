import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { isTrimmedPlainText, PLAIN_TEXT_PATTERN } from '../shared/plain-text.js';
import { isUuid } from '../shared/uuid.js';
import { UUID_SCHEMA, withJsonSchema } from '../shared/json-schema.js';
import type { OrganizationSlug } from './organization-slug.js';

/** Brand of `OrganizationId`. */
export interface OrganizationIdBrand {
  readonly OrganizationId: unique symbol;
}
/** The local id of an organization (a UUID), as `:orgId` in paths. */
export const OrganizationId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, OrganizationIdBrand> => isUuid(s), 'OrganizationId'),
  UUID_SCHEMA,
);
/** The local id of an organization. */
export type OrganizationId = t.TypeOf<typeof OrganizationId>;

/** Brand of `OrganizationName`. */
export interface OrganizationNameBrand {
  readonly OrganizationName: unique symbol;
}
/** An organization's display name: trimmed, 1–100 characters, no control characters. */
export type OrganizationName = t.Branded<string, OrganizationNameBrand>;

const MAX_NAME_LENGTH = 100;

const isOrganizationName = (u: unknown): u is OrganizationName => typeof u === 'string' && isTrimmedPlainText(u, MAX_NAME_LENGTH);

/** Decodes a name, trimming it first. */
export const OrganizationName = withJsonSchema(
  new t.Type<OrganizationName, string, unknown>(
    'OrganizationName',
    isOrganizationName,
    (input, context) =>
      pipe(
        t.string.validate(input, context),
        E.map((s) => s.trim()),
        E.chain((s) =>
          isOrganizationName(s)
            ? t.success(s)
            : t.failure(input, context, 'expected a name of 1 to 100 characters without control characters'),
        ),
      ),
    (name) => name,
  ),
  {
    type: 'string',
    minLength: 1,
    maxLength: MAX_NAME_LENGTH,
    pattern: PLAIN_TEXT_PATTERN,
    description: 'trimmed on decoding; no control characters',
  },
);

/** An organization, kept by the service itself (the provider's Organizations feature is not used). */
export interface Organization {
  readonly id: OrganizationId;
  readonly name: OrganizationName;
  /** Its public handle: unique over every organization ever made, deleted ones included (never reused). */
  readonly slug: OrganizationSlug;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** An organization whose owner the provider deleted: it waits for a Platform Admin to transfer ownership. */
export interface OwnerlessOrganization extends Organization {
  readonly ownerlessSince: Date;
}
