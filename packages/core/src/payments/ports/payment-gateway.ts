import type { Either } from 'fp-ts/lib/Either.js';
import type { Option } from 'fp-ts/lib/Option.js';
import type { Currency, MerchantReference, PayerDetails, PaymentCard, PaymentProvider, PaymentTransaction } from '../payment.js';

/** The payer as the providers need them; every value lives only for the call. */
export interface Buyer {
  /** The local user id (iyzico's `buyer.id`). */
  readonly id: string;
  readonly email: string | null;
  /** The payer's address as this service saw it (iyzico `buyer.ip`, PayTR `user_ip`). */
  readonly ip: string;
  /**
   * Opens the payer's sealed national ID (iyzico's mandatory `buyer.identityNumber`). The gateway
   * calls it only while building the iyzico request, so the plain value exists only inside that call.
   */
  readonly identityNumber: (() => Promise<string>) | undefined;
  readonly details: PayerDetails;
}

/** What initialize needs. The card and the national ID live only inside this call. */
export interface InitializePayment {
  readonly provider: PaymentProvider;
  readonly merchantReference: MerchantReference;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly description: string;
  readonly card: PaymentCard | undefined;
  readonly buyer: Buyer;
}

/** What the client needs next to let the payer pay. */
export type ClientAction =
  { readonly kind: 'threeDsHtml'; readonly html: string } | { readonly kind: 'paytrIframe'; readonly token: string; readonly url: string };

/** A successful initialize. */
export interface Initialized {
  readonly providerPaymentId: string | null;
  readonly providerToken: string | null;
  readonly clientAction: ClientAction;
}

/**
 * Why initialize did not start the payment: the provider said no (its code only, never personal
 * data), or it could not be asked (down, timed out, answered garbage or a wrong signature).
 */
export type GatewayFailure =
  { readonly _tag: 'Refused'; readonly code: string } | { readonly _tag: 'Unavailable'; readonly reason: string };

/** The settled result of a 3DS completion or a status query. */
export type ProviderVerdict =
  | { readonly status: 'succeeded'; readonly paidAmountMinor: number | null }
  | { readonly status: 'under_review' }
  | { readonly status: 'failed'; readonly code: string }
  | { readonly status: 'pending' };

/** One charge of a provider subscription, as iyzico's subscription detail lists it (`orders[]`). */
export interface ProviderSubscriptionOrder {
  readonly referenceCode: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** iyzico's `orderStatus` (`SUCCESS`, `FAILED`, `WAITING`…). */
  readonly status: string;
}

/**
 * A provider subscription as its detail shows it to this merchant (iyzico
 * `GET /v2/subscription/subscriptions/{ref}` and its pricing plan `GET /v2/subscription/pricing-plans/{ref}`).
 */
export interface ProviderSubscription {
  readonly referenceCode: string;
  /** iyzico's `subscriptionStatus`: `ACTIVE`, `PENDING`, `UNPAID`, `UPGRADED`, `CANCELED`, `EXPIRED`. */
  readonly status: string;
  /** What one period of its pricing plan costs. */
  readonly plan: { readonly amountMinor: number; readonly currency: string };
  readonly orders: readonly ProviderSubscriptionOrder[];
}

/**
 * The payment providers' APIs (iyzico IYZWSv2, PayTR): initialize, the 3DS completion (its response
 * signature checked by the adapter) and the status query. For the completion and the status query a
 * transport failure or an answer that does not verify rejects (a defect the caller contains).
 */
export interface PaymentGateway {
  /** Starts a payment at the provider: what the client must do next, or the provider's refusal or an outage. */
  initialize(request: InitializePayment): Promise<Either<GatewayFailure, Initialized>>;
  /** Completes a 3-D Secure payment at the provider and returns its verdict. */
  completeThreeDs(transaction: PaymentTransaction): Promise<ProviderVerdict>;
  /** Asks the provider for a payment's current status. */
  queryStatus(transaction: PaymentTransaction): Promise<ProviderVerdict>;
  /** iyzico's detail of a subscription of this merchant: None when it knows no such subscription; Unavailable when it cannot be asked. */
  subscriptionDetail(subscriptionReferenceCode: string): Promise<Either<GatewayFailure, Option<ProviderSubscription>>>;
  /** Cancels a subscription at iyzico (`POST /v2/subscription/subscriptions/{ref}/cancel`); an already cancelled one counts as cancelled. */
  cancelSubscription(subscriptionReferenceCode: string): Promise<Either<GatewayFailure, 'cancelled'>>;
}
