import type { Option } from 'fp-ts/lib/Option.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { Plan, PlanId } from '../plan.js';

/** Which of an organization's plans a list shows. */
export interface PlanListing {
  /** Archived plans too (default: only those not archived). */
  readonly includeArchived: boolean;
}

/** Plan rows (`plans`). Plans are archived, never deleted. */
export interface Plans {
  /** Inserts a new plan (its id is fresh; a duplicate id is a defect). */
  create(plan: Plan): Promise<void>;
  /**
   * The organization's plan with this id, locked until the surrounding unit of work ends (so two
   * changes to one plan apply one after the other); None when it is not that organization's.
   */
  lock(organizationId: OrganizationId, id: PlanId): Promise<Option<Plan>>;
  /** Writes every field of a plan read with `lock` (by id and organization); false when no such row. */
  update(plan: Plan): Promise<boolean>;
  /** The organization's plans, oldest first, cursor-paginated on (`createdAt`, `id`). */
  list(organizationId: OrganizationId, listing: PlanListing, page: PageRequest): Promise<Page<Plan>>;
  /** The organization's plans on its public page (on sale, not archived), oldest first, at most `limit`. */
  listOffered(organizationId: OrganizationId, limit: number): Promise<readonly Plan[]>;
}
