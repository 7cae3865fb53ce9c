import type { Option } from 'fp-ts/lib/Option.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { Organization, OrganizationId, OrganizationName, OwnerlessOrganization } from '../organization.js';

/** Organization rows. */
export interface Organizations {
  /** Inserts a new organization (its id is fresh; a duplicate id is a defect). */
  create(organization: Organization): Promise<void>;
  /** The organization with this id, if any (a deleted one is not found). */
  findById(id: OrganizationId): Promise<Option<Organization>>;
  /** Renames the organization; None when it does not exist. */
  rename(id: OrganizationId, name: OrganizationName, at: Date): Promise<Option<Organization>>;
  /** Marks the organization ownerless since `at` (an earlier mark is kept); false when it does not exist. */
  markOwnerless(id: OrganizationId, at: Date): Promise<boolean>;
  /** Clears the ownerless mark (a new owner was made); false when the organization was not marked. */
  clearOwnerless(id: OrganizationId): Promise<boolean>;
  /** The organizations marked ownerless, longest ownerless first (keyset on `ownerlessSince`, `id`). */
  listOwnerless(page: PageRequest): Promise<Page<OwnerlessOrganization>>;
  /** Deletes the organization with its memberships, invitations and audit trail; false when it did not exist. */
  delete(id: OrganizationId): Promise<boolean>;
}
