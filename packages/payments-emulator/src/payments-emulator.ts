import type { DeliveryAttempt } from './deliveries/dispatcher.js';
import type { CallbackForm } from './iyzico/three-ds.js';
import type { SubscriptionOrder } from './iyzico/iyzico-webhooks.js';
import type { SubscriptionPlan } from './iyzico/subscriptions.js';
import type { CallbackTargets } from './options.js';
import type { IyzicoSubscription } from './state.js';

/** A running payments emulator. */
export interface PaymentsEmulator {
  /** Its base URL: `IYZICO_BASE_URL` and `PAYTR_BASE_URL` for the service. */
  readonly url: string;
  readonly iyzico: { readonly apiKey: string; readonly secretKey: string; readonly merchantId: string };
  readonly paytr: { readonly merchantId: string; readonly merchantKey: string; readonly merchantSalt: string };
  /** The payer passes (or fails) 3DS: the signed form the browser then posts to the service's `callbackUrl`. */
  completeThreeDs(paymentId: string, outcome: 'success' | 'failure'): CallbackForm | undefined;
  /** The payer pays (or gives up) in the PayTR iFrame: settles and notifies; resolves after the first attempt. */
  payIframe(token: string, outcome: 'success' | 'failed'): Promise<DeliveryAttempt | undefined>;
  /** A subscription of this merchant at iyzico (ACTIVE unless stated), with its own pricing plan; what its detail then answers. */
  createSubscription(plan: SubscriptionPlan): IyzicoSubscription;
  /** A subscription as the emulator keeps it (change its `status` or `priceMinor` to make the detail disagree). */
  subscription(subscriptionReferenceCode: string): IyzicoSubscription | undefined;
  /** iyzico charges one period of a subscription (at its plan's price unless `amountMinor` says otherwise), lists it in the detail and notifies. */
  sendSubscriptionOrder(order: SubscriptionOrder, amountMinor?: number): Promise<DeliveryAttempt | undefined>;
  /** Changes where callbacks go. */
  setTargets(targets: CallbackTargets): void;
  /** While down, every provider route answers 503 (the `/_emulator/` routes keep working). */
  setDown(down: boolean): void;
  /** Every callback attempt so far. */
  deliveries(): readonly DeliveryAttempt[];
  /** Resolves once no callback is waiting for an acknowledgement; rejects after `timeoutMs`. */
  whenSettled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
