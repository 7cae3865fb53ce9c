import type { AuthorizedWriteDeps } from '../membership/authorized-write.js';
import type { Clock } from '../shared/clock.js';
import type { IdGenerator } from '../shared/id-generator.js';
import type { Plans } from './ports/plans.js';
import { createPlan } from './use-cases/create-plan.js';
import { getPublicProfile } from './use-cases/get-public-profile.js';
import { listPlans } from './use-cases/list-plans.js';
import { updatePlan } from './use-cases/update-plan.js';

/** Every port the commerce area needs, by name. */
export interface CommercePorts extends AuthorizedWriteDeps {
  readonly plans: Plans;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * The commerce area's use cases bound to their ports: an organization's plans (`billing.manage` to
 * write, `billing.read` to read) and its public profile (by slug, no caller).
 *
 * @example
 * const commerce = commerceArea({ organizations, memberships, plans, unitOfWork, clock, ids });
 * await commerce.getPublicProfile(slug)();
 */
export const commerceArea = (ports: CommercePorts) => {
  return {
    /** See `createPlan`. */
    createPlan: createPlan(ports),
    /** See `listPlans`. */
    listPlans: listPlans(ports),
    /** See `updatePlan`. */
    updatePlan: updatePlan(ports),
    /** See `getPublicProfile`. */
    getPublicProfile: getPublicProfile(ports),
  };
};

/** The commerce area's bound use cases. */
export type CommerceArea = ReturnType<typeof commerceArea>;
