import type { Option } from 'fp-ts/lib/Option.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { OrganizationSlug } from '../organization-slug.js';
import type { Organization, OrganizationId, OrganizationName, OwnerlessOrganization } from '../organization.js';

/** Organization rows. */
export interface Organizations {
  /**
   * Inserts a new organization unless another one, live or deleted, holds its slug: true when
   * inserted, false (nothing written) when the slug is taken (checked first). Its id is fresh; a
   * duplicate id under a free slug is a defect.
   */
  create(organization: Organization): Promise<boolean>;
  /** The organization with this id, if any: a deleted one is not found (the one place every organization route reads it). */
  findById(id: OrganizationId): Promise<Option<Organization>>;
  /** The live organization with this slug, if any (a deleted one keeps its slug but is not found). */
  findBySlug(slug: OrganizationSlug): Promise<Option<Organization>>;
  /** Renames the organization; None when it does not exist. */
  rename(id: OrganizationId, name: OrganizationName, at: Date): Promise<Option<Organization>>;
  /**
   * Gives the live organization a new slug: the organization as changed, None when it does not
   * exist, or `'taken'` (nothing written) when another organization, live or deleted, holds it.
   */
  changeSlug(id: OrganizationId, slug: OrganizationSlug, at: Date): Promise<Option<Organization> | 'taken'>;
  /**
   * Locks the organization's row until the surrounding unit of work ends and tells whether it exists
   * and is not deleted. Starting a payment and deleting the organization both take it first, so one
   * waits for the other: the delete then sees the new payment, or the payment sees the delete.
   */
  lockLive(id: OrganizationId): Promise<boolean>;
  /**
   * Soft-deletes the organization (sets `deleted_at`; every row that names it stays): true only for
   * the call that made the change, false when it did not exist or was deleted already.
   */
  markDeleted(id: OrganizationId, at: Date): Promise<boolean>;
  /** Marks the organization ownerless since `at` (an earlier mark is kept); false when it does not exist. */
  markOwnerless(id: OrganizationId, at: Date): Promise<boolean>;
  /** Clears the ownerless mark (a new owner was made); false when the organization was not marked. */
  clearOwnerless(id: OrganizationId): Promise<boolean>;
  /** The organizations marked ownerless, longest ownerless first (keyset on `ownerlessSince`, `id`). */
  listOwnerless(page: PageRequest): Promise<Page<OwnerlessOrganization>>;
}
