// The statements both reference servers run: the same SQL shape as the service's repositories
// (packages/adapters-persistence/src/repositories/*.ts), in pg's `$n` placeholders.

const USER_COLUMNS = '"id", "idp_id", "email", "image_url", "idp_updated_at", "deleted_at"';

/** The user by provider id. */
export const USER_BY_IDP_ID = `select ${USER_COLUMNS} from "users" where "idp_id" = $1`;

/** The user's memberships joined to their organizations. */
export const MEMBERSHIPS_OF_USER = `select m."id", m."organization_id", o."name" as "organization_name", m."role", m."status"
from "memberships" m join "organizations" o on o."id" = m."organization_id"
where m."user_id" = $1 order by m."created_at", m."id"`;

/**
 * The guarded find-or-create / newer-state-wins write of `user.created` and `user.updated`. It returns
 * what the service's returns, bar the pending-invitation check: the written row's id and language.
 */
export const SYNC_USER = `insert into "users" (${USER_COLUMNS}) values ($1, $2, $3, $4, $5, null)
on conflict ("idp_id") do update set "email" = excluded."email", "image_url" = excluded."image_url", "idp_updated_at" = excluded."idp_updated_at"
where "users"."deleted_at" is null and ("users"."idp_updated_at" is null or "users"."idp_updated_at" < excluded."idp_updated_at")
returning "id", "locale", ("xmax" = 0) as "inserted"`;

/** The tombstone write of `user.deleted`. */
export const MARK_USER_DELETED = `insert into "users" (${USER_COLUMNS}) values ($1, $2, null, null, null, now())
on conflict ("idp_id") do update set "deleted_at" = excluded."deleted_at" where "users"."deleted_at" is null
returning ${USER_COLUMNS}`;

/** A `users` row as `pg` returns it. */
export interface UserRow {
  readonly id: string;
  readonly idp_id: string;
  readonly email: string | null;
  readonly image_url: string | null;
  readonly deleted_at: Date | null;
}

/** A joined membership row as `pg` returns it. */
export interface MembershipRow {
  readonly id: string;
  readonly organization_id: string;
  readonly organization_name: string;
  readonly role: string;
  readonly status: string;
}

/** The `GET /users/me` answer of the HTTP contract (ARCHITECTURE.md §5). */
export const meBody = (user: UserRow, memberships: readonly MembershipRow[]) => ({
  user: { id: user.id, idpId: user.idp_id, email: user.email, imageUrl: user.image_url },
  memberships: memberships.map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    role: row.role,
    status: row.status,
  })),
});

/** The organization by id (the first step of every organization route's authorization). */
export const ORGANIZATION_BY_ID = `select "id", "name", "created_at", "updated_at" from "organizations" where "id" = $1`;

// A row with a user shows the user's current address; an invited row, the invitee's.
const MEMBERSHIP_SELECT = `select m."id", m."organization_id", m."user_id", m."role", m."status", coalesce(u."email", m."email") as "email", m."created_at", m."updated_at"
from "memberships" m left join "users" u on u."id" = m."user_id"`;

/** The caller's membership in the organization: its live row if any, else its latest. */
export const MEMBERSHIP_OF_USER_IN = `${MEMBERSHIP_SELECT} where m."organization_id" = $1 and m."user_id" = $2
order by (m."status" <> 'cancelled') desc, m."updated_at" desc, m."id" desc limit 1`;

/** The roster's first page (`$2`: include cancelled rows; `$3`: the page size + 1). */
export const ROSTER_FIRST = `${MEMBERSHIP_SELECT} where m."organization_id" = $1 and ($2 or m."status" <> 'cancelled')
order by m."created_at", m."id" limit $3`;

/** A roster page after a cursor (`$3`, `$4`: the last row's `created_at` and id). */
export const ROSTER_AFTER = `${MEMBERSHIP_SELECT} where m."organization_id" = $1 and ($2 or m."status" <> 'cancelled')
and (m."created_at", m."id") > ($3, $4) order by m."created_at", m."id" limit $5`;

/** An `organizations` row's id as `pg` returns it (the only column the roster needs). */
export interface OrganizationRow {
  readonly id: string;
}

/** A `memberships` row with its resolved address, as `pg` returns it. */
export interface MemberRow {
  readonly id: string;
  readonly organization_id: string;
  readonly user_id: string | null;
  readonly role: string;
  readonly status: string;
  readonly email: string | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

/** One roster entry of the HTTP contract (`membershipJson`). */
export const memberJson = (row: MemberRow) => ({
  id: row.id,
  organizationId: row.organization_id,
  userId: row.user_id,
  email: row.email,
  role: row.role,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
