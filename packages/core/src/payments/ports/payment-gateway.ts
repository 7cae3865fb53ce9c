import type { Either } from 'fp-ts/lib/Either.js';
import type { Currency, MerchantReference, PaymentCard, PaymentProvider, PaymentTransaction } from '../payment.js';

/** What initialize needs. The card and the national ID live only inside this call. */
export interface InitializePayment {
  readonly provider: PaymentProvider;
  readonly merchantReference: MerchantReference;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly description: string;
  readonly card: PaymentCard | undefined;
  readonly buyer: { readonly id: string; readonly email: string | null; readonly identityNumber: string | undefined };
}

/** What the client needs next to let the payer pay. */
export type ClientAction =
  | { readonly kind: 'threeDsHtml'; readonly html: string }
  | { readonly kind: 'paytrIframe'; readonly token: string };

/** A successful initialize. */
export interface Initialized {
  readonly providerPaymentId: string | null;
  readonly providerToken: string | null;
  readonly clientAction: ClientAction;
}

/** The provider said no (its code only, never personal data). */
export interface GatewayRefusal {
  readonly code: string;
}

/** The settled result of a 3DS completion or a status query. */
export type ProviderVerdict =
  | { readonly status: 'succeeded'; readonly paidAmountMinor: number | null }
  | { readonly status: 'under_review' }
  | { readonly status: 'failed'; readonly code: string }
  | { readonly status: 'pending' };

/**
 * The payment providers' APIs (iyzico IYZWSv2, PayTR): initialize, the 3DS completion (its response
 * signature checked by the adapter) and the status query. A transport failure rejects (a defect).
 */
export interface PaymentGateway {
  initialize(request: InitializePayment): Promise<Either<GatewayRefusal, Initialized>>;
  completeThreeDs(transaction: PaymentTransaction): Promise<ProviderVerdict>;
  queryStatus(transaction: PaymentTransaction): Promise<ProviderVerdict>;
}
