import type { Option } from 'fp-ts/lib/Option.js';
import type { Organization, OrganizationId, OrganizationName } from '../organization.js';

/** Organization rows. */
export interface Organizations {
  /** Inserts a new organization (its id is fresh; a duplicate id is a defect). */
  create(organization: Organization): Promise<void>;
  /** The organization with this id, if any (a deleted one is not found). */
  findById(id: OrganizationId): Promise<Option<Organization>>;
  /** Renames the organization; None when it does not exist. */
  rename(id: OrganizationId, name: OrganizationName, at: Date): Promise<Option<Organization>>;
  /** Deletes the organization with its memberships, invitations and audit trail; false when it did not exist. */
  delete(id: OrganizationId): Promise<boolean>;
}
