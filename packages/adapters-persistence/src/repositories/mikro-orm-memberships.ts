import type { Memberships, MembershipSummary, UserId } from '@idv/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { guarded } from '../errors/translate-error.js';
import { membershipSummaryToDomain, type MembershipSummaryRecord } from '../mappers/membership.mapper.js';

const LIST_FOR_USER = `select m."id", m."organization_id", o."name" as "organization_name", m."role", m."status"
from "memberships" m join "organizations" o on o."id" = m."organization_id"
where m."user_id" = ? order by m."created_at", m."id"`;

const CANCEL_ALL = `update "memberships" set "status" = 'cancelled', "updated_at" = now()
where "user_id" = ? and "status" <> 'cancelled'`;

/** The Memberships port on MikroORM; give it the global `orm.em` (see `MikroOrmUsers`). */
export class MikroOrmMemberships implements Memberships {
  constructor(private readonly em: SqlEntityManager) {}

  listForUser(userId: UserId): Promise<readonly MembershipSummary[]> {
    return guarded('memberships.listForUser', async () => {
      const rows = await this.em.execute<MembershipSummaryRecord[]>(LIST_FOR_USER, [userId]);
      return rows.map(membershipSummaryToDomain);
    });
  }

  cancelAllForUser(userId: UserId): Promise<number> {
    return guarded('memberships.cancelAllForUser', async () => {
      const result = await this.em.execute<{ affectedRows: number }>(CANCEL_ALL, [userId], 'run');
      return result.affectedRows;
    });
  }
}
