import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';
import type { IdGenerator } from '../shared/id-generator.js';
import { settleTransition, type SettleDeps } from './apply-decision.js';
import {
  merchantReferenceOf,
  type AmountMinor,
  type Currency,
  type PaymentCard,
  type PaymentId,
  type PaymentProvider,
  type PaymentTransaction,
} from './payment.js';
import {
  cardRequired,
  paymentProviderNotEnabled,
  paymentProviderUnavailable,
  paymentRefused,
  type CardRequired,
  type NationalIdRequired,
  type PaymentProviderNotEnabled,
  type PaymentProviderUnavailable,
  type PaymentRefused,
} from './payments.errors.js';
import type { Buyer, ClientAction, PaymentGateway } from './ports/payment-gateway.js';

/** Which providers this deployment enables (`PAYMENTS_PROVIDERS`). */
export interface PaymentSettings {
  readonly enabledProviders: readonly PaymentProvider[];
}

/** What a new payment is for, whoever starts it (a member of staff, or a visitor buying a plan). */
export interface PaymentTerms {
  readonly organizationId: OrganizationId;
  /** The user who started it; none for a visitor's purchase. */
  readonly createdBy: UserId | null;
  readonly provider: PaymentProvider;
  readonly amountMinor: AmountMinor;
  readonly currency: Currency;
  readonly description: string;
}

/** A payment the provider has taken, and what the payer does next (the 3DS page, the PayTR iFrame). */
export interface StartedPayment {
  readonly payment: PaymentTransaction;
  readonly clientAction: ClientAction;
}

/** What starting at a provider can answer, whoever starts the payment. */
export type ProviderStartError =
  PaymentProviderNotEnabled | CardRequired | NationalIdRequired | PaymentRefused | PaymentProviderUnavailable;

/** iyzico requires the buyer's national ID (`buyer.identityNumber`); PayTR does not. */
export const needsIdentityNumber = (provider: PaymentProvider): boolean => provider === 'iyzico';

/** This deployment enables the provider, and iyzico's 3DS has its card. */
export const checkProvider = (
  settings: PaymentSettings,
  provider: PaymentProvider,
  card: PaymentCard | undefined,
): E.Either<PaymentProviderNotEnabled | CardRequired, void> => {
  if (!settings.enabledProviders.includes(provider)) return E.left(paymentProviderNotEnabled(provider));
  if (provider === 'iyzico' && card === undefined) return E.left(cardRequired());
  return E.right(undefined);
};

/** The `initiated` transaction with a fresh id and merchant reference, to be stored before the provider is asked. */
export const draftPayment = (deps: Pick<SettleDeps, 'clock'> & { readonly ids: IdGenerator }, terms: PaymentTerms): PaymentTransaction => {
  const now = deps.clock.now();
  const id = deps.ids.uuid() as PaymentId;
  return {
    ...terms,
    id,
    merchantReference: merchantReferenceOf(id),
    paidAmountMinor: null,
    status: 'initiated',
    providerPaymentId: null,
    providerToken: null,
    orderReferenceCode: null,
    subscriptionReferenceCode: null,
    failureCode: null,
    lateSuccess: false,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
};

/**
 * After the stored payment's commit: the provider's initialize, with the card and the buyer living
 * only inside that call. A refusal or an unreachable provider fails the payment (with its
 * `payment.failed` event: nothing can have been charged); otherwise it awaits the payer.
 */
export const initializeAtProvider = async (
  deps: SettleDeps & { readonly paymentGateway: PaymentGateway },
  pending: PaymentTransaction,
  card: PaymentCard | undefined,
  buyer: Buyer,
): Promise<E.Either<PaymentRefused | PaymentProviderUnavailable, StartedPayment>> => {
  const initialized = await deps.paymentGateway.initialize({
    provider: pending.provider,
    merchantReference: pending.merchantReference,
    amountMinor: pending.amountMinor,
    currency: pending.currency,
    description: pending.description,
    card,
    buyer,
  });
  if (E.isLeft(initialized)) {
    const failure = initialized.left;
    const failureCode = failure._tag === 'Refused' ? failure.code : 'provider_unavailable';
    await settleTransition(deps, pending, ['initiated'], { status: 'failed', failureCode, at: deps.clock.now() });
    return E.left(failure._tag === 'Refused' ? paymentRefused(failure.code) : paymentProviderUnavailable(pending.provider));
  }
  const { providerPaymentId, providerToken, clientAction } = initialized.right;
  const moved = await deps.paymentTransactions.transition(pending.id, ['initiated'], {
    status: 'awaiting_customer',
    providerPaymentId,
    providerToken,
    at: deps.clock.now(),
  });
  return E.right({ payment: O.getOrElse(() => pending)(moved), clientAction });
};
