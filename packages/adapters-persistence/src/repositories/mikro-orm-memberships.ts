import type { Memberships, MembershipSummary, UserId } from '@idv/core';
import { guarded } from '../errors/translate-error.js';
import { membershipSummaryToDomain, type MembershipSummaryRecord } from '../mappers/membership.mapper.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const LIST_FOR_USER = statement('memberships_list_for_user', `select m."id", m."organization_id", o."name" as "organization_name", m."role", m."status"
from "memberships" m join "organizations" o on o."id" = m."organization_id"
where m."user_id" = ? order by m."created_at", m."id"`);

const CANCEL_ALL = statement('memberships_cancel_all_for_user', `update "memberships" set "status" = 'cancelled', "updated_at" = now()
where "user_id" = ? and "status" <> 'cancelled'`);

/** The Memberships port on raw SQL through the ORM's connection (see `MikroOrmUsers`). */
export class MikroOrmMemberships implements Memberships {
  constructor(private readonly sql: SqlRunner) {}

  listForUser(userId: UserId): Promise<readonly MembershipSummary[]> {
    return guarded('memberships.listForUser', async () => {
      const rows = await this.sql.rows<MembershipSummaryRecord>(LIST_FOR_USER, [userId]);
      return rows.map(membershipSummaryToDomain);
    });
  }

  cancelAllForUser(userId: UserId): Promise<number> {
    return guarded('memberships.cancelAllForUser', () => this.sql.run(CANCEL_ALL, [userId]));
  }
}
