import * as O from 'fp-ts/lib/Option.js';
import type { Organization, OrganizationId, OrganizationName, OwnerlessOrganization } from '../organization/organization.js';
import type { Organizations } from '../organization/ports/organizations.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

/** The Organizations port in memory. Deleting does not cascade here: the database's foreign keys do that. */
export class InMemoryOrganizations implements Organizations {
  private readonly rows = new Map<OrganizationId, Organization>();
  private readonly ownerlessSince = new Map<OrganizationId, Date>();

  async create(organization: Organization): Promise<void> {
    if (this.rows.has(organization.id)) throw new Error('unique violation: organizations_pkey');
    this.rows.set(organization.id, organization);
  }

  /** The organization with this id, if any. */
  async findById(id: OrganizationId): Promise<O.Option<Organization>> {
    return O.fromNullable(this.rows.get(id));
  }

  async rename(id: OrganizationId, name: OrganizationName, at: Date): Promise<O.Option<Organization>> {
    const current = this.rows.get(id);
    if (current === undefined) return O.none;
    const renamed: Organization = { ...current, name, updatedAt: at };
    this.rows.set(id, renamed);
    return O.some(renamed);
  }

  async markOwnerless(id: OrganizationId, at: Date): Promise<boolean> {
    if (!this.rows.has(id)) return false;
    if (!this.ownerlessSince.has(id)) this.ownerlessSince.set(id, at);
    return true;
  }

  async clearOwnerless(id: OrganizationId): Promise<boolean> {
    return this.ownerlessSince.delete(id);
  }

  async listOwnerless(page: PageRequest): Promise<Page<OwnerlessOrganization>> {
    const marked = [...this.ownerlessSince].flatMap(([id, since]) => {
      const row = this.rows.get(id);
      return row === undefined ? [] : [{ ...row, ownerlessSince: since }];
    });
    return paginate(marked, page, { at: (row) => row.ownerlessSince, id: (row) => row.id, direction: 'asc' });
  }

  async delete(id: OrganizationId): Promise<boolean> {
    this.ownerlessSince.delete(id);
    return this.rows.delete(id);
  }

  /** The organization's name, for the memberships fake's join. */
  nameOf(id: string): string | undefined {
    return this.rows.get(id as OrganizationId)?.name;
  }

  /** Every organization, for assertions. */
  all(): readonly Organization[] {
    return [...this.rows.values()];
  }
}
