import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import { paymentNotFound, type PaymentNotFound } from '../payments.errors.js';
import type { PaymentId, PaymentTransaction } from '../payment.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';

/** Ports needed to read a payment. */
export interface GetPaymentDeps extends AuthorizeDeps {
  readonly paymentTransactions: PaymentTransactions;
}

/**
 * Reads one payment of the organization (`billing.read`); a payment of another organization is
 * `PaymentNotFound`, as if it did not exist.
 *
 * @example
 * await getPayment(deps)(request.auth, orgId, paymentId)(); // Right({ id, status: 'succeeded', … })
 */
export const getPayment =
  (deps: GetPaymentDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    paymentId: PaymentId,
  ): TE.TaskEither<AuthorizationError | PaymentNotFound, PaymentTransaction> =>
    pipe(
      authorize(deps)(caller, organizationId, 'billing.read'),
      TE.flatMap(() => fromPort(() => deps.paymentTransactions.findById(paymentId))),
      TE.flatMap(TE.fromOption((): AuthorizationError | PaymentNotFound => paymentNotFound())),
      TE.filterOrElse(
        (payment) => payment.organizationId === organizationId,
        (): AuthorizationError | PaymentNotFound => paymentNotFound(),
      ),
    );
