// The roster route's request and answer, shared by both references: the query (`?include=cancelled`,
// `?limit=` 1–200, default 50, `?cursor=`) and the `{ items, nextCursor }` page of the HTTP contract.
import { memberJson, ROSTER_AFTER, ROSTER_FIRST, type MemberRow } from './sql.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLES_SEEING_THE_ROSTER = new Set(['owner', 'admin', 'coach']);

/** Whether a path segment can be an organization id (anything else is a 400 before any query). */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Whether an active membership with this role sees the whole roster (`members.list`); a `member` sees only its own row. */
export const seesRoster = (role: string): boolean => ROLES_SEEING_THE_ROSTER.has(role);

/** A decoded roster query. */
export interface RosterQuery {
  readonly includeCancelled: boolean;
  readonly limit: number;
  /** The last row of the previous page; `null` when the cursor names no row of ours (an empty page). */
  readonly after?: { readonly at: Date; readonly id: string } | null;
}

/** Decodes `include`, `limit` and `cursor`; undefined when one is invalid (a 400). */
export const rosterQuery = (query: { get(name: string): string | null | undefined }): RosterQuery | undefined => {
  const include = query.get('include');
  const limit = query.get('limit');
  const cursor = query.get('cursor');
  if (include != null && include !== 'cancelled') return undefined;
  if (limit != null && !(/^\d{1,4}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 200)) return undefined;
  let after: RosterQuery['after'];
  if (cursor != null) {
    const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9-]{1,64})$/.exec(cursor);
    const at = match === null ? undefined : new Date(parseInt(match[1]!, 36));
    if (match === null || at === undefined || Number.isNaN(at.getTime())) return undefined;
    after = UUID.test(match[2]!) ? { at, id: match[2]! } : null;
  }
  return {
    includeCancelled: include === 'cancelled',
    limit: limit == null ? 50 : Number(limit),
    ...(after === undefined ? {} : { after }),
  };
};

/** The statement and values of the page `query` asks for (`undefined`: an empty page, no query). */
export const rosterStatement = (
  organizationId: string,
  query: RosterQuery,
): { readonly name: string; readonly text: string; readonly values: unknown[] } | undefined =>
  query.after === null
    ? undefined
    : query.after === undefined
      ? { name: 'roster-first', text: ROSTER_FIRST, values: [organizationId, query.includeCancelled, query.limit + 1] }
      : {
          name: 'roster-after',
          text: ROSTER_AFTER,
          values: [organizationId, query.includeCancelled, query.after.at, query.after.id, query.limit + 1],
        };

/** The page of up to `limit + 1` rows: the extra row only says another page exists. */
export const rosterPage = (rows: readonly MemberRow[], limit: number) => {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(memberJson),
    nextCursor: rows.length > limit && last !== undefined ? `${last.created_at.getTime().toString(36)}.${last.id}` : null,
  };
};

/** The API's error bodies the roster route can answer. */
export const rosterError = {
  validation: { statusCode: 400, error: 'Bad Request', message: 'Invalid request', code: 'ValidationFailed' },
  notFound: { statusCode: 404, error: 'Not Found', message: 'Organization not found', code: 'OrganizationNotFound' },
  forbidden: (status: string) => ({ statusCode: 403, error: 'Forbidden', message: `Your membership is ${status}`, code: 'Forbidden' }),
  deleted: { statusCode: 410, error: 'Gone', message: 'User has been deleted', code: 'UserDeleted' },
} as const;
