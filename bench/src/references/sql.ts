// The statements both reference servers run: the same SQL shape as the service's repositories
// (packages/adapters-persistence/src/repositories/*.ts), in pg's `$n` placeholders.

const USER_COLUMNS = '"id", "idp_id", "email", "image_url", "idp_updated_at", "deleted_at"';

/** The user by provider id. */
export const USER_BY_IDP_ID = `select ${USER_COLUMNS} from "users" where "idp_id" = $1`;

/** The user's memberships joined to their organizations. */
export const MEMBERSHIPS_OF_USER = `select m."id", m."organization_id", o."name" as "organization_name", m."role", m."status"
from "memberships" m join "organizations" o on o."id" = m."organization_id"
where m."user_id" = $1 order by m."created_at", m."id"`;

/** The guarded find-or-create / newer-state-wins write of `user.created` and `user.updated`. */
export const SYNC_USER = `insert into "users" (${USER_COLUMNS}) values ($1, $2, $3, $4, $5, null)
on conflict ("idp_id") do update set "email" = excluded."email", "image_url" = excluded."image_url", "idp_updated_at" = excluded."idp_updated_at"
where "users"."deleted_at" is null and ("users"."idp_updated_at" is null or "users"."idp_updated_at" < excluded."idp_updated_at")
returning ${USER_COLUMNS}, ("xmax" = 0) as "inserted"`;

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
