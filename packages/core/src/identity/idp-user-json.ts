import * as t from 'io-ts';
import { pipe } from 'fp-ts/lib/function.js';
import * as E from 'fp-ts/lib/Either.js';
import { Email } from './email.js';
import { IdpUserId } from './identifiers.js';
import type { ProviderUser } from './user.js';
import { isPlainText } from '../shared/plain-text.js';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** An element of the provider's `email_addresses[]` (only the fields we read). */
export const IdpEmailAddressJson = t.intersection([
  t.type({ id: t.string, email_address: t.string }),
  t.partial({ verification: nullable(t.partial({ status: t.string })) }),
]);

/** The provider's User object (webhook `data` and admin API body), only the fields we read. */
// Found by the webhook fuzzer: values the database cannot store must fail decoding (400,
// captured as drift) rather than the write (500, retried by the provider forever).
const refined = <A>(name: string, is: (u: unknown) => u is A) =>
  new t.Type<A, A, unknown>(name, is, (u, context) => (is(u) ? t.success(u) : t.failure(u, context)), t.identity);
const ImageUrl = refined('ImageUrl', (u): u is string => typeof u === 'string' && u.length <= 2048 && isPlainText(u));
const EpochMillis = refined('EpochMillis', (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0);

/** The provider's User object as webhooks and the admin API send it (the fields this service reads). */
export const IdpUserJson = t.intersection([
  t.type({
    id: IdpUserId,
    email_addresses: t.array(IdpEmailAddressJson),
    primary_email_address_id: nullable(t.string),
    updated_at: EpochMillis,
  }),
  t.partial({ image_url: nullable(ImageUrl) }),
]);
/** The provider's User object, decoded. */
export type IdpUserJson = t.TypeOf<typeof IdpUserJson>;

/**
 * Reads the provider's User object: the primary email is the entry whose id is
 * `primary_email_address_id`, verified only when that entry's `verification.status` is `verified`
 * (a missing or `null` verification, as the admin API answers for an unverified address, is not).
 */
export const toProviderUser = (json: IdpUserJson): ProviderUser => {
  // Plain branches rather than Option pipes: every user webhook reads one (docs/performance.md).
  const primary = json.email_addresses.find((entry) => entry.id === json.primary_email_address_id);
  const email = primary === undefined ? undefined : Email.decode(primary.email_address);
  return {
    idpId: json.id,
    email: email !== undefined && E.isRight(email) ? email.right : null,
    emailVerified: primary?.verification?.status === 'verified',
    imageUrl: json.image_url ?? null,
    updatedAt: json.updated_at,
  };
};

/** Decodes an admin API User body into a ProviderUser. */
export const decodeProviderUser = (body: unknown): E.Either<t.Errors, ProviderUser> =>
  pipe(IdpUserJson.decode(body), E.map(toProviderUser));
