import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { Purchases } from '../ports/purchases.js';
import type { Purchase } from '../purchase.js';

/**
 * An organization's flagged purchases (late payments, sold out at grant, existing members), newest
 * first, cursor-paginated (`billing.read`: owner, admin, coach).
 *
 * @example
 * await listFlaggedPurchases({ organizations, memberships, purchases })(request.auth, orgId, pageRequest())();
 */
export const listFlaggedPurchases =
  (deps: AuthorizeDeps & { readonly purchases: Purchases }) =>
  (caller: AuthPayload, organizationId: OrganizationId, page: PageRequest): TE.TaskEither<AuthorizationError, Page<Purchase>> =>
    pipe(
      authorize(deps)(caller, organizationId, 'billing.read'),
      TE.flatMap(() => fromPort(() => deps.purchases.listFlagged(organizationId, page))),
    );
