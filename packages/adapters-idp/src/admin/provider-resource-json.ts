import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { Email } from '@idv/core';
import type { ProviderInvitation } from '@idv/core';

const prefixed = (prefix: string) => t.refinement(t.string, (s) => s.startsWith(prefix) && s.length > prefix.length, `${prefix}…`);

/** The provider's Invitation object, only the fields the port returns. */
const InvitationJson = t.intersection([
  t.type({
    object: t.literal('invitation'),
    id: prefixed('inv_'),
    email_address: Email,
    status: t.keyof({ pending: null, accepted: null, revoked: null, expired: null }),
  }),
  // The revoke answer has no `url` at all.
  t.partial({ url: t.union([t.string, t.null]) }),
]);

/** The provider's Organization object, only its id. */
const OrganizationJson = t.type({ object: t.literal('organization'), id: prefixed('org_') });

/** Decodes an Invitation body; `undefined` when it is not one. */
export const decodeInvitationJson = (body: unknown): ProviderInvitation | undefined =>
  pipe(
    InvitationJson.decode(body),
    E.map((json): ProviderInvitation => ({ id: json.id, email: json.email_address, status: json.status, url: json.url ?? null })),
    E.getOrElseW(() => undefined),
  );

/** Decodes an Organization body to its id; `undefined` when it is not one. */
export const decodeOrganizationId = (body: unknown): string | undefined =>
  pipe(
    OrganizationJson.decode(body),
    E.map((json) => json.id),
    E.getOrElseW(() => undefined),
  );

/** `GET /v1/users/count`: `{ "object": "total_count", "total_count": N }`. */
const TotalCountJson = t.type({
  object: t.literal('total_count'),
  total_count: t.refinement(t.number, (n) => Number.isInteger(n) && n >= 0, 'count'),
});

/** Decodes a total-count body to its number; `undefined` when it is not one. */
export const decodeTotalCount = (body: unknown): number | undefined =>
  pipe(
    TotalCountJson.decode(body),
    E.map((json) => json.total_count),
    E.getOrElseW(() => undefined),
  );
