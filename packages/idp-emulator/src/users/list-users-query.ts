import type { ParsedUrlQuery } from 'node:querystring';
import { optionalInt } from '../http/fields.js';
import type { UserJson } from './user-json.js';

const values = (query: ParsedUrlQuery, name: string): string[] => {
  const raw = [query[name], query[`${name}[]`]].flat().filter((v): v is string => typeof v === 'string');
  return raw.map((v) => v.toLowerCase());
};

/** Users matching the list filters the emulator supports (`email_address`, `user_id`, `external_id`). */
export const filterUsers = (users: UserJson[], query: ParsedUrlQuery): UserJson[] => {
  const emails = values(query, 'email_address');
  const ids = values(query, 'user_id');
  const externalIds = values(query, 'external_id');
  return users.filter(
    (u) =>
      (emails.length === 0 || u.email_addresses.some((e) => emails.includes(e.email_address.toLowerCase()))) &&
      (ids.length === 0 || ids.includes(u.id.toLowerCase())) &&
      (externalIds.length === 0 || (u.external_id !== null && externalIds.includes(u.external_id.toLowerCase()))),
  );
};

/** `limit` (1–500, default 10) and `offset` (default 0) from the query. */
export const pageOf = (query: ParsedUrlQuery): { limit: number; offset: number } => ({
  limit: optionalInt(query, 'limit', 1, 500) ?? 10,
  offset: optionalInt(query, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
});
