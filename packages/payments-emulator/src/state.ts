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

/** Everything the emulator knows. */
export interface EmulatorState {
  readonly url: string;
  readonly iyzico: { readonly apiKey: string; readonly secretKey: string; readonly merchantId: string };
  readonly paytr: { readonly merchantId: string; readonly merchantKey: string; readonly merchantSalt: string };
  readonly targets: CallbackTargets;
  readonly dispatcher: Dispatcher;
  readonly iyzicoPayments: Map<string, IyzicoPayment>;
  readonly paytrPayments: Map<string, PaytrPayment>;
  /** While true, every provider route answers 503 (the emulator's own routes keep working). */
  down: boolean;
  nextPaymentId: number;
}
