import * as O from 'fp-ts/lib/Option.js';
import type { OrganizationSlug } from '../organization/organization-slug.js';
import type { Organization, OrganizationId, OrganizationName, OwnerlessOrganization } from '../organization/organization.js';
import type { Organizations } from '../organization/ports/organizations.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

/** The Organizations port in memory. A deleted organization keeps its row (soft delete) and is read as absent. */
export class InMemoryOrganizations implements Organizations {
  private readonly rows = new Map<OrganizationId, Organization>();
  private readonly deletedAt = new Map<OrganizationId, Date>();
  private readonly ownerlessSince = new Map<OrganizationId, Date>();

  async create(organization: Organization): Promise<boolean> {
    // As on PostgreSQL, the slug is the arbiter: a taken slug answers false before the id is checked.
    if (this.holderOf(organization.slug) !== undefined) return false;
    if (this.rows.has(organization.id)) throw new Error('unique violation: organizations_pkey');
    this.rows.set(organization.id, organization);
    return true;
  }

  /** The live organization with this slug, if any. */
  async findBySlug(slug: OrganizationSlug): Promise<O.Option<Organization>> {
    const holder = this.holderOf(slug);
    return O.fromNullable(holder === undefined ? undefined : this.live(holder.id));
  }

  async changeSlug(id: OrganizationId, slug: OrganizationSlug, at: Date): Promise<O.Option<Organization> | 'taken'> {
    const current = this.live(id);
    if (current === undefined) return O.none;
    const holder = this.holderOf(slug);
    if (holder !== undefined && holder.id !== id) return 'taken';
    const changed: Organization = { ...current, slug, updatedAt: at };
    this.rows.set(id, changed);
    return O.some(changed);
  }

  /** The organization with this id, if any. */
  async findById(id: OrganizationId): Promise<O.Option<Organization>> {
    return O.fromNullable(this.live(id));
  }

  async rename(id: OrganizationId, name: OrganizationName, at: Date): Promise<O.Option<Organization>> {
    const current = this.live(id);
    if (current === undefined) return O.none;
    const renamed: Organization = { ...current, name, updatedAt: at };
    this.rows.set(id, renamed);
    return O.some(renamed);
  }

  /** Whether the organization is live (the fakes run one thing at a time: there is nothing to lock). */
  async lockLive(id: OrganizationId): Promise<boolean> {
    return this.live(id) !== undefined;
  }

  async markDeleted(id: OrganizationId, at: Date): Promise<boolean> {
    if (this.live(id) === undefined) return false;
    this.deletedAt.set(id, at);
    return true;
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
      const row = this.live(id);
      return row === undefined ? [] : [{ ...row, ownerlessSince: since }];
    });
    return paginate(marked, page, { at: (row) => row.ownerlessSince, id: (row) => row.id, direction: 'asc' });
  }

  /** The organization's name, for the memberships fake's join. */
  nameOf(id: string): string | undefined {
    return this.rows.get(id as OrganizationId)?.name;
  }

  /** When the organization was deleted, if it was (for the memberships fake's join and assertions). */
  deletedAtOf(id: string): Date | undefined {
    return this.deletedAt.get(id as OrganizationId);
  }

  // Deleted rows keep their slugs: a slug is never reused.
  private holderOf(slug: OrganizationSlug): Organization | undefined {
    return [...this.rows.values()].find((row) => row.slug === slug);
  }

  private live(id: OrganizationId): Organization | undefined {
    return this.deletedAt.has(id) ? undefined : this.rows.get(id);
  }

  /** Every organization not deleted, for assertions. */
  all(): readonly Organization[] {
    return [...this.rows.values()].filter((row) => !this.deletedAt.has(row.id));
  }
}
