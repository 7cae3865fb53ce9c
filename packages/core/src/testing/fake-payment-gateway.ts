import * as E from 'fp-ts/lib/Either.js';
import type { PaymentTransaction } from '../payments/payment.js';
import type { GatewayRefusal, Initialized, InitializePayment, PaymentGateway, ProviderVerdict } from '../payments/ports/payment-gateway.js';

/** A scripted payment gateway: answers what the test set, and remembers what it was asked (never the card). */
export class FakePaymentGateway implements PaymentGateway {
  refuseWith: string | null = null;
  verdict: ProviderVerdict | 'throw' = { status: 'succeeded', paidAmountMinor: null };
  /** Whether each initialize carried a card and an identity number (the values themselves are not kept). */
  readonly initialized: { readonly merchantReference: string; readonly hadCard: boolean; readonly hadIdentityNumber: boolean }[] = [];
  readonly completed: string[] = [];
  private next = 1;

  async initialize(request: InitializePayment): Promise<E.Either<GatewayRefusal, Initialized>> {
    this.initialized.push({ merchantReference: request.merchantReference, hadCard: request.card !== undefined, hadIdentityNumber: request.buyer.identityNumber !== undefined });
    if (this.refuseWith !== null) return E.left({ code: this.refuseWith });
    const n = this.next++;
    return request.provider === 'iyzico'
      ? E.right({ providerPaymentId: String(25149156 + n), providerToken: null, clientAction: { kind: 'threeDsHtml', html: `<form id="3ds-${n}"></form>` } })
      : E.right({ providerPaymentId: null, providerToken: `paytr-token-${n}`, clientAction: { kind: 'paytrIframe', token: `paytr-token-${n}` } });
  }

  async completeThreeDs(transaction: PaymentTransaction): Promise<ProviderVerdict> {
    this.completed.push(transaction.id);
    if (this.verdict === 'throw') throw new Error('gateway unreachable');
    return this.verdict;
  }

  async queryStatus(): Promise<ProviderVerdict> {
    if (this.verdict === 'throw') throw new Error('gateway unreachable');
    return this.verdict;
  }
}
