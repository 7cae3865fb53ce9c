import type { DomainError } from '../shared/domain-error.js';
import type { PaymentProvider } from './payment.js';

/** No such payment in this organization (404; no enumeration across organizations). */
export type PaymentNotFound = DomainError<'PaymentNotFound'>;
/** Builds a PaymentNotFound error. */
export const paymentNotFound = (): PaymentNotFound => ({ _tag: 'PaymentNotFound', message: 'Payment not found' });

/** The provider is not enabled in this deployment (`PAYMENTS_PROVIDERS`). */
export type PaymentProviderNotEnabled = DomainError<'PaymentProviderNotEnabled'>;
/** Builds a PaymentProviderNotEnabled error. */
export const paymentProviderNotEnabled = (provider: PaymentProvider): PaymentProviderNotEnabled => ({
  _tag: 'PaymentProviderNotEnabled',
  message: `Payments through ${provider} are not enabled`,
});

/** iyzico 3DS needs card details. */
export type CardRequired = DomainError<'CardRequired'>;
/** Builds a CardRequired error. */
export const cardRequired = (): CardRequired => ({ _tag: 'CardRequired', message: 'Card details are required for this provider' });

/** iyzico needs the payer's national ID (buyer.identityNumber), and none is on file. */
export type NationalIdRequired = DomainError<'NationalIdRequired'>;
/** Builds a NationalIdRequired error. */
export const nationalIdRequired = (): NationalIdRequired => ({
  _tag: 'NationalIdRequired',
  message: 'Set your national ID (PUT /users/me/national-id) before paying through this provider',
});

/** The provider refused to start the payment. */
export type PaymentRefused = DomainError<'PaymentRefused'> & { readonly code: string };
/** Builds a PaymentRefused error. */
export const paymentRefused = (code: string): PaymentRefused => ({
  _tag: 'PaymentRefused',
  message: 'The payment provider refused the payment',
  code,
});

/** The provider could not be asked right now (down, timed out, or its answer did not verify); nothing was charged. */
export type PaymentProviderUnavailable = DomainError<'PaymentProviderUnavailable'> & { readonly retryAfterSeconds: number };
/** Builds a PaymentProviderUnavailable error. */
export const paymentProviderUnavailable = (provider: PaymentProvider): PaymentProviderUnavailable => ({
  _tag: 'PaymentProviderUnavailable',
  message: `The payment provider ${provider} cannot be reached right now; nothing was charged, try again shortly`,
  retryAfterSeconds: 30,
});

/** The provider subscription is already linked (to this or another organization). */
export type PaymentSubscriptionExists = DomainError<'PaymentSubscriptionExists'>;
/** Builds a PaymentSubscriptionExists error. */
export const paymentSubscriptionExists = (): PaymentSubscriptionExists => ({
  _tag: 'PaymentSubscriptionExists',
  message: 'This subscription is already linked to an organization',
});

/** The organization still has a payment the provider may move (an open status): it cannot be deleted yet (409). */
export type PaymentInFlight = DomainError<'PaymentInFlight'>;
/** Builds a PaymentInFlight error. */
export const paymentInFlight = (): PaymentInFlight => ({
  _tag: 'PaymentInFlight',
  message: 'The organization has a payment still in progress; try again once it has settled',
});

/** Why iyzico's subscription detail did not confirm a link. */
export type SubscriptionRefusal = 'not_found' | 'not_active' | 'amount_mismatch' | 'currency_mismatch';

/** The provider does not confirm the subscription as linked: unknown to this merchant, not active, or another plan price (422). */
export type SubscriptionNotVerified = DomainError<'SubscriptionNotVerified'> & { readonly reason: SubscriptionRefusal };
/** Builds a SubscriptionNotVerified error. */
export const subscriptionNotVerified = (reason: SubscriptionRefusal): SubscriptionNotVerified => ({
  _tag: 'SubscriptionNotVerified',
  message: {
    not_found: 'The payment provider knows no such subscription for this merchant',
    not_active: 'The subscription is not active at the payment provider',
    amount_mismatch: "The subscription plan's amount at the payment provider is not the amount given",
    currency_mismatch: "The subscription plan's currency at the payment provider is not the currency given",
  }[reason],
  reason,
});

/** Any payments-area error. */
export type PaymentError =
  | PaymentNotFound
  | PaymentProviderNotEnabled
  | CardRequired
  | NationalIdRequired
  | PaymentRefused
  | PaymentProviderUnavailable
  | PaymentSubscriptionExists
  | PaymentInFlight
  | SubscriptionNotVerified;
