import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { PaymentTransaction } from '../payment.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';

/**
 * An organization's payments, newest first, cursor-paginated (`billing.read`), subscription renewals
 * included.
 *
 * @example
 * await listPayments({ organizations, memberships, paymentTransactions })(request.auth, orgId, pageRequest())(); // Right({ items, nextCursor })
 */
export const listPayments =
  (deps: AuthorizeDeps & { readonly paymentTransactions: PaymentTransactions }) =>
  (caller: AuthPayload, organizationId: OrganizationId, page: PageRequest): TE.TaskEither<AuthorizationError, Page<PaymentTransaction>> =>
    pipe(
      authorize(deps)(caller, organizationId, 'billing.read'),
      TE.flatMap(() => fromPort(() => deps.paymentTransactions.list(organizationId, page))),
    );
