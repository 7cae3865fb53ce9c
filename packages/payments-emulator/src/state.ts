import type { Dispatcher } from './deliveries/dispatcher.js';
import type { CallbackTargets } from './options.js';

/** An iyzico 3DS payment as the emulator keeps it (never the card: only its last four digits). */
export interface IyzicoPayment {
  readonly paymentId: string;
  readonly conversationId: string;
  readonly basketId: string;
  readonly priceMinor: number;
  readonly paidPriceMinor: number;
  readonly currency: string;
  readonly callbackUrl: string;
  readonly lastFourDigits: string;
  /** iyzico's names for the steps: `INIT_THREEDS` → `CALLBACK_THREEDS` → `SUCCESS` | `FAILURE`. */
  status: 'INIT_THREEDS' | 'CALLBACK_THREEDS' | 'SUCCESS' | 'FAILURE';
  mdStatus: string | undefined;
}

/** A PayTR iFrame payment. */
export interface PaytrPayment {
  readonly token: string;
  readonly merchantOid: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly testMode: string;
  status: 'pending' | 'success' | 'failed';
  paidMinor: number;
  paidAt: Date | undefined;
}

/** One charge of an iyzico subscription, as the subscription detail lists it. */
export interface IyzicoSubscriptionOrder {
  readonly referenceCode: string;
  readonly priceMinor: number;
  readonly currency: string;
  readonly orderStatus: 'SUCCESS' | 'FAILED';
}

/** An iyzico subscription of this merchant with its pricing plan (one plan per subscription here). */
export interface IyzicoSubscription {
  readonly referenceCode: string;
  readonly pricingPlanReferenceCode: string;
  readonly customerReferenceCode: string;
  /** iyzico's `subscriptionStatus`: `ACTIVE`, `PENDING`, `UNPAID`, `UPGRADED`, `CANCELED`, `EXPIRED`. */
  status: string;
  /** The pricing plan's price, in minor units, and currency. */
  priceMinor: number;
  currency: string;
  readonly orders: IyzicoSubscriptionOrder[];
}

/** Everything the emulator knows. */
export interface EmulatorState {
  readonly url: string;
  readonly iyzico: { readonly apiKey: string; readonly secretKey: string; readonly merchantId: string };
  readonly paytr: { readonly merchantId: string; readonly merchantKey: string; readonly merchantSalt: string };
  readonly targets: CallbackTargets;
  readonly dispatcher: Dispatcher;
  readonly iyzicoPayments: Map<string, IyzicoPayment>;
  readonly paytrPayments: Map<string, PaytrPayment>;
  /** The merchant's subscriptions by `subscriptionReferenceCode`. */
  readonly iyzicoSubscriptions: Map<string, IyzicoSubscription>;
  /** While true, every provider route answers 503 (the emulator's own routes keep working). */
  down: boolean;
  nextPaymentId: number;
}
