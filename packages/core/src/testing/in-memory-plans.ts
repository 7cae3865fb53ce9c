import * as O from 'fp-ts/lib/Option.js';
import { isOffered, type Plan, type PlanId } from '../commerce/plan.js';
import type { PlanListing, Plans } from '../commerce/ports/plans.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

const OLDEST_FIRST = { at: (plan: Plan) => plan.createdAt, id: (plan: Plan) => plan.id, direction: 'asc' } as const;

/** The Plans port in memory (one thing at a time: `lock` only reads). */
export class InMemoryPlans implements Plans {
  private readonly rows = new Map<PlanId, Plan>();

  async create(plan: Plan): Promise<void> {
    if (this.rows.has(plan.id)) throw new Error('unique violation: plans_pkey');
    this.rows.set(plan.id, plan);
  }

  async lock(organizationId: OrganizationId, id: PlanId): Promise<O.Option<Plan>> {
    const row = this.rows.get(id);
    return row !== undefined && row.organizationId === organizationId ? O.some(row) : O.none;
  }

  async update(plan: Plan): Promise<boolean> {
    const row = this.rows.get(plan.id);
    if (row === undefined || row.organizationId !== plan.organizationId) return false;
    this.rows.set(plan.id, plan);
    return true;
  }

  async list(organizationId: OrganizationId, listing: PlanListing, page: PageRequest): Promise<Page<Plan>> {
    const mine = this.all().filter(
      (plan) => plan.organizationId === organizationId && (listing.includeArchived || plan.archivedAt === null),
    );
    return paginate(mine, page, OLDEST_FIRST);
  }

  async listOffered(organizationId: OrganizationId, limit: number): Promise<readonly Plan[]> {
    const offered = this.all().filter((plan) => plan.organizationId === organizationId && isOffered(plan));
    return paginate(offered, { limit }, OLDEST_FIRST).items;
  }

  /** Every plan, for assertions. */
  all(): readonly Plan[] {
    return [...this.rows.values()];
  }
}
