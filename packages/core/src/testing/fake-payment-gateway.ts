import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { PaymentId, PaymentTransaction } from '../payments/payment.js';
import type {
  GatewayFailure,
  Initialized,
  InitializePayment,
  PaymentGateway,
  ProviderSubscription,
  ProviderVerdict,
} from '../payments/ports/payment-gateway.js';

/** A scripted payment gateway: answers what the test set, and remembers what it was asked (never the card). */
export class FakePaymentGateway implements PaymentGateway {
  refuseWith: string | null = null;
  /** While true, initialize answers `Unavailable` (the provider is down). */
  unavailable = false;
  verdict: ProviderVerdict | 'throw' = { status: 'succeeded', paidAmountMinor: null };
  /** What the status query says per payment; `pending` for any other. */
  readonly statuses = new Map<PaymentId, ProviderVerdict | 'throw'>();
  /** Whether each initialize carried a card and an identity number (the values themselves are not kept). */
  readonly initialized: {
    readonly merchantReference: string;
    readonly hadCard: boolean;
    readonly hadIdentityNumber: boolean;
    readonly ip: string;
  }[] = [];
  readonly completed: string[] = [];
  readonly queried: string[] = [];
  /** The merchant's subscriptions at the provider, by reference code (what the detail answers). */
  readonly subscriptions = new Map<string, ProviderSubscription>();
  /** While true, the subscription detail and cancel answer `Unavailable`. */
  subscriptionsUnavailable = false;
  /** Every subscription reference a cancel was asked for, in order. */
  readonly cancelled: string[] = [];
  private next = 1;

  /** Puts an ACTIVE subscription at the provider whose plan costs `amountMinor` `currency` (orders as given). */
  putSubscription(
    referenceCode: string,
    amountMinor: number,
    currency = 'TRY',
    changes: Partial<ProviderSubscription> = {},
  ): ProviderSubscription {
    const subscription: ProviderSubscription = { referenceCode, status: 'ACTIVE', plan: { amountMinor, currency }, orders: [], ...changes };
    this.subscriptions.set(referenceCode, subscription);
    return subscription;
  }

  /** Adds a charge to a subscription at the provider, as iyzico lists it in the detail's orders. */
  addOrder(referenceCode: string, orderReferenceCode: string, amountMinor?: number, currency?: string): void {
    const subscription = this.subscriptions.get(referenceCode);
    if (subscription === undefined) throw new Error(`no subscription ${referenceCode} at the fake provider`);
    const order = {
      referenceCode: orderReferenceCode,
      amountMinor: amountMinor ?? subscription.plan.amountMinor,
      currency: currency ?? subscription.plan.currency,
      status: 'SUCCESS',
    };
    this.subscriptions.set(referenceCode, { ...subscription, orders: [...subscription.orders, order] });
  }

  /** iyzico's detail of a subscription of this merchant. */
  async subscriptionDetail(subscriptionReferenceCode: string): Promise<E.Either<GatewayFailure, O.Option<ProviderSubscription>>> {
    if (this.subscriptionsUnavailable) return E.left({ _tag: 'Unavailable', reason: 'connection refused' });
    return E.right(O.fromNullable(this.subscriptions.get(subscriptionReferenceCode)));
  }

  /** Cancels a subscription at the provider. */
  async cancelSubscription(subscriptionReferenceCode: string): Promise<E.Either<GatewayFailure, 'cancelled'>> {
    this.cancelled.push(subscriptionReferenceCode);
    if (this.subscriptionsUnavailable) return E.left({ _tag: 'Unavailable', reason: 'connection refused' });
    const subscription = this.subscriptions.get(subscriptionReferenceCode);
    if (subscription === undefined) return E.left({ _tag: 'Refused', code: 'iyzico:subscription_not_found' });
    this.subscriptions.set(subscriptionReferenceCode, { ...subscription, status: 'CANCELED' });
    return E.right('cancelled');
  }

  /** Starts a payment at the provider: what the client must do next, or the provider's refusal or an outage. */
  async initialize(request: InitializePayment): Promise<E.Either<GatewayFailure, Initialized>> {
    this.initialized.push({
      merchantReference: request.merchantReference,
      hadCard: request.card !== undefined,
      // Opened as the real gateway does, so a vault that cannot open it fails here too.
      hadIdentityNumber: request.buyer.identityNumber !== undefined && (await request.buyer.identityNumber()).length > 0,
      ip: request.buyer.ip,
    });
    if (this.unavailable) return E.left({ _tag: 'Unavailable', reason: 'connection refused' });
    if (this.refuseWith !== null) return E.left({ _tag: 'Refused', code: this.refuseWith });
    const n = this.next++;
    return request.provider === 'iyzico'
      ? E.right({
          providerPaymentId: String(25149156 + n),
          providerToken: null,
          clientAction: { kind: 'threeDsHtml', html: `<form id="3ds-${n}"></form>` },
        })
      : E.right({
          providerPaymentId: null,
          providerToken: `paytr-token-${n}`,
          clientAction: { kind: 'paytrIframe', token: `paytr-token-${n}`, url: `https://paytr.example/odeme/guvenli/paytr-token-${n}` },
        });
  }

  /** Completes a 3-D Secure payment at the provider and returns its verdict. */
  async completeThreeDs(transaction: PaymentTransaction): Promise<ProviderVerdict> {
    this.completed.push(transaction.id);
    if (this.verdict === 'throw') throw new Error('gateway unreachable');
    return this.verdict;
  }

  /** Asks the provider for a payment's current status. */
  async queryStatus(transaction: PaymentTransaction): Promise<ProviderVerdict> {
    this.queried.push(transaction.id);
    const status = this.statuses.get(transaction.id) ?? { status: 'pending' };
    if (status === 'throw') throw new Error('gateway unreachable');
    return status;
  }
}
