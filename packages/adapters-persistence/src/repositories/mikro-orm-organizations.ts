import type { Organization, OrganizationId, OrganizationName, Organizations } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { guarded } from '../errors/translate-error.js';
import type { DateParser } from '../mappers/column-values.js';
import { organizationToDomain, organizationToRow, type OrganizationRecord } from '../mappers/organization.mapper.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = '"id", "name", "created_at", "updated_at"';

const CREATE = statement('organizations_create', `insert into "organizations" (${COLUMNS}) values (?, ?, ?, ?)`);
const FIND = statement('organizations_find_by_id', `select ${COLUMNS} from "organizations" where "id" = ?`);
const RENAME = statement('organizations_rename', `update "organizations" set "name" = ?, "updated_at" = ? where "id" = ? returning ${COLUMNS}`);
// The foreign keys cascade: memberships, invitations and audit entries go with the organization.
const DELETE = statement('organizations_delete', `delete from "organizations" where "id" = ?`);

/** The Organizations port on raw SQL through the repositories' runner (see `MikroOrmUsers`). */
export class MikroOrmOrganizations implements Organizations {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(organization: Organization): Promise<void> {
    return guarded('organizations.create', async () => {
      await this.sql.run(CREATE, organizationToRow(organization));
    });
  }

  /** The organization with this id, if any (deleted ones are not found). */
  findById(id: OrganizationId): Promise<O.Option<Organization>> {
    return guarded('organizations.findById', async () => this.first(await this.sql.rows<OrganizationRecord>(FIND, [id])));
  }

  rename(id: OrganizationId, name: OrganizationName, at: Date): Promise<O.Option<Organization>> {
    return guarded('organizations.rename', async () => this.first(await this.sql.rows<OrganizationRecord>(RENAME, [name, at, id])));
  }

  delete(id: OrganizationId): Promise<boolean> {
    return guarded('organizations.delete', async () => (await this.sql.run(DELETE, [id])) > 0);
  }

  private first(rows: readonly OrganizationRecord[]): O.Option<Organization> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(organizationToDomain(row, this.parseDate));
  }
}
