import * as t from 'io-ts';
import { UUID_SCHEMA, withJsonSchema } from '../shared/json-schema.js';
import { isUuid } from '../shared/uuid.js';

/** Brand of `IdpUserId`. */
export interface IdpUserIdBrand {
  readonly IdpUserId: unique symbol;
}
const IDP_USER_ID = /^user_[A-Za-z0-9]{1,64}$/;
/** The provider's user id (`user_<id>`), the `sub` claim of its session tokens. */
export const IdpUserId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, IdpUserIdBrand> => IDP_USER_ID.test(s), 'IdpUserId'),
  { type: 'string', pattern: IDP_USER_ID.source },
);
/** The provider's user id (`user_<id>`). */
export type IdpUserId = t.TypeOf<typeof IdpUserId>;

/** Brand of `UserId`. */
export interface UserIdBrand {
  readonly UserId: unique symbol;
}
/** The local primary key of a user row (a UUID). */
export const UserId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, UserIdBrand> => isUuid(s), 'UserId'),
  UUID_SCHEMA,
);
/** The local primary key of a user row. */
export type UserId = t.TypeOf<typeof UserId>;
