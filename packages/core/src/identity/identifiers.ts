import * as t from 'io-ts';
import { isUuid } from '../shared/uuid.js';

/** Brand of `IdpUserId`. */
export interface IdpUserIdBrand {
  readonly IdpUserId: unique symbol;
}
/** The provider's user id (`user_<id>`), the `sub` claim of its session tokens. */
export const IdpUserId = t.brand(
  t.string,
  (s): s is t.Branded<string, IdpUserIdBrand> => /^user_[A-Za-z0-9]{1,64}$/.test(s),
  'IdpUserId',
);
/** The provider's user id (`user_<id>`). */
export type IdpUserId = t.TypeOf<typeof IdpUserId>;

/** Brand of `UserId`. */
export interface UserIdBrand {
  readonly UserId: unique symbol;
}
/** The local primary key of a user row (a UUID). */
export const UserId = t.brand(
  t.string,
  (s): s is t.Branded<string, UserIdBrand> => isUuid(s),
  'UserId',
);
/** The local primary key of a user row. */
export type UserId = t.TypeOf<typeof UserId>;
