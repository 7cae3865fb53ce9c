import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { Plan } from '../plan.js';
import type { PlanListing, Plans } from '../ports/plans.js';

/**
 * An organization's plans, oldest first, cursor-paginated (`billing.read`: owner, admin, coach);
 * archived ones only when asked.
 *
 * @example
 * await listPlans({ organizations, memberships, plans })(request.auth, orgId, { includeArchived: false }, pageRequest())();
 */
export const listPlans =
  (deps: AuthorizeDeps & { readonly plans: Plans }) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    listing: PlanListing,
    page: PageRequest,
  ): TE.TaskEither<AuthorizationError, Page<Plan>> =>
    pipe(
      authorize(deps)(caller, organizationId, 'billing.read'),
      TE.flatMap(() => fromPort(() => deps.plans.list(organizationId, listing, page))),
    );
