/**
 * A SQL statement the service runs often. Written once with `?` placeholders; it runs as a named
 * prepared statement (`$1…`), parsed once per connection (on PGlite, once per instance).
 */
export interface Statement {
  /** Unique per statement text: the server caches the plan under this name on each connection. */
  readonly name: string;
  /** With `$n` placeholders, for the driver's extended protocol. */
  readonly numberedText: string;
}

/**
 * Declares a statement. The text must not contain `?` anywhere but as placeholders.
 *
 * @example
 * const FIND = statement('users_find_by_idp_id', 'select "id" from "users" where "idp_id" = ?');
 */
export const statement = (name: string, text: string): Statement => {
  let position = 0;
  return { name, numberedText: text.replace(/\?/g, () => `$${++position}`) };
};
