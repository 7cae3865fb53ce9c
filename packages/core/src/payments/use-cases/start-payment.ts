import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { NationalIdVault } from '../../identity/ports/national-id-vault.js';
import type { NationalIds } from '../../identity/ports/national-ids.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import {
  cardRequired,
  nationalIdRequired,
  paymentProviderNotEnabled,
  paymentRefused,
  type CardRequired,
  type NationalIdRequired,
  type PaymentProviderNotEnabled,
  type PaymentRefused,
} from '../payments.errors.js';
import {
  merchantReferenceOf,
  type AmountMinor,
  type Currency,
  type PaymentCard,
  type PaymentDescription,
  type PaymentId,
  type PaymentProvider,
  type PaymentTransaction,
} from '../payment.js';
import type { ClientAction, PaymentGateway } from '../ports/payment-gateway.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';

/** Which providers this deployment enables (`PAYMENTS_PROVIDERS`). */
export interface PaymentSettings {
  readonly enabledProviders: readonly PaymentProvider[];
}

/** Ports needed to start a payment. */
export interface StartPaymentDeps extends AuthorizeDeps {
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentGateway: PaymentGateway;
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly paymentSettings: PaymentSettings;
}

/** What the client sends to start a payment. */
export interface StartPaymentInput {
  readonly provider: PaymentProvider;
  readonly amountMinor: AmountMinor;
  readonly currency: Currency;
  readonly description: PaymentDescription;
  /** iyzico 3DS only; passed to the provider and dropped. */
  readonly card?: PaymentCard | undefined;
}

/** A started payment and what the client does next (render the 3DS page, open the PayTR iFrame). */
export interface StartedPayment {
  readonly payment: PaymentTransaction;
  readonly clientAction: ClientAction;
}

/** What starting a payment can answer. */
export type StartPaymentError = AuthorizationError | PaymentProviderNotEnabled | CardRequired | NationalIdRequired | PaymentRefused;

/**
 * Starts a payment (`billing.manage`): a `pending` transaction with a fresh merchant reference, then
 * the provider's initialize. The card and the payer's national ID (iyzico's mandatory
 * `buyer.identityNumber`) exist only inside that call; neither is stored or logged.
 *
 * @example
 * await startPayment(deps)(request.auth, orgId, { provider: 'paytr', amountMinor, currency: 'TRY', description })();
 */
export const startPayment =
  (deps: StartPaymentDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, input: StartPaymentInput): TE.TaskEither<StartPaymentError, StartedPayment> =>
    pipe(
      authorize(deps)(caller, organizationId, 'billing.manage'),
      TE.flatMap(({ actor }): TE.TaskEither<StartPaymentError, StartedPayment> => async () => {
        if (!deps.paymentSettings.enabledProviders.includes(input.provider)) return E.left(paymentProviderNotEnabled(input.provider));
        if (input.provider === 'iyzico' && input.card === undefined) return E.left(cardRequired());
        let identityNumber: string | undefined;
        if (input.provider === 'iyzico') {
          const sealed = await deps.nationalIds.find(actor.userId);
          if (O.isNone(sealed)) return E.left(nationalIdRequired());
          identityNumber = await deps.nationalIdVault.open(sealed.value);
        }
        const now = deps.clock.now();
        const id = deps.ids.uuid() as PaymentId;
        const pending: PaymentTransaction = {
          id,
          organizationId,
          createdBy: actor.userId,
          provider: input.provider,
          merchantReference: merchantReferenceOf(id),
          description: input.description,
          amountMinor: input.amountMinor,
          paidAmountMinor: null,
          currency: input.currency,
          status: 'initiated',
          providerPaymentId: null,
          providerToken: null,
          orderReferenceCode: null,
          failureCode: null,
          lateSuccess: false,
          createdAt: now,
          updatedAt: now,
          completedAt: null,
        };
        await deps.paymentTransactions.create(pending);
        const initialized = await deps.paymentGateway.initialize({
          provider: input.provider,
          merchantReference: pending.merchantReference,
          amountMinor: input.amountMinor,
          currency: input.currency,
          description: input.description,
          card: input.card,
          buyer: { id: actor.userId, email: caller.user?.email ?? null, identityNumber },
        });
        if (E.isLeft(initialized)) {
          await deps.paymentTransactions.transition(id, ['initiated'], { status: 'failed', failureCode: initialized.left.code, at: deps.clock.now() });
          return E.left(paymentRefused(initialized.left.code));
        }
        const { providerPaymentId, providerToken, clientAction } = initialized.right;
        const moved = await deps.paymentTransactions.transition(id, ['initiated'], {
          status: 'awaiting_customer',
          providerPaymentId,
          providerToken,
          at: deps.clock.now(),
        });
        return E.right({ payment: O.getOrElse(() => pending)(moved), clientAction });
      }),
    );
