import { paramInvalid } from '../http/api-error.js';
import { optionalObject, optionalString, type Body } from '../http/fields.js';
import type { UserJson } from './user-json.js';

const setString = (body: Body, name: 'first_name' | 'last_name' | 'username' | 'external_id', user: UserJson): void => {
  const value = optionalString(body, name);
  if (value !== undefined) user[name] = value;
};

/** Applies a `PATCH /v1/users/{id}` body to a copy of `user`, stamped `updated_at = at`. */
export const applyUserPatch = (user: UserJson, body: Body, at: number): UserJson => {
  const next: UserJson = structuredClone(user);
  (['first_name', 'last_name', 'username', 'external_id'] as const).forEach((name) => setString(body, name, next));
  for (const name of ['public_metadata', 'private_metadata', 'unsafe_metadata'] as const) {
    const value = optionalObject(body, name);
    if (value !== undefined) next[name] = value;
  }
  const password = optionalString(body, 'password');
  if (typeof password === 'string' && password.length > 0) {
    next.password_enabled = true;
    next.password_last_updated_at = at;
  }
  const primary = optionalString(body, 'primary_email_address_id');
  if (typeof primary === 'string') {
    if (!next.email_addresses.some((e) => e.id === primary)) throw paramInvalid('primary_email_address_id');
    next.primary_email_address_id = primary;
  }
  next.updated_at = at;
  return next;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The provider's metadata merge: deep merge, `null` removes a key. */
export const mergeMetadata = (base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = isRecord(value) && isRecord(out[key]) ? mergeMetadata(out[key] as Record<string, unknown>, value) : value;
  }
  return out;
};
