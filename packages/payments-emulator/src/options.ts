/** Where the emulator sends its server-to-server callbacks (each optional: none sent without it). */
export interface CallbackTargets {
  /** iyzico's payment webhook ("İşyeri Bildirimleri"): the service's `/payments/callbacks/iyzico/webhook`. */
  iyzicoWebhookUrl?: string | undefined;
  /** iyzico's subscription webhook: the service's `/payments/callbacks/iyzico/subscription`. */
  iyzicoSubscriptionUrl?: string | undefined;
  /** PayTR's "Bildirim URL": the service's `/payments/callbacks/paytr`. */
  paytrNotificationUrl?: string | undefined;
}

/** Options of `startPaymentsEmulator`; every credential is generated when omitted. */
export interface PaymentsEmulatorOptions {
  /** Port to listen on; 0 (default) picks an ephemeral one. */
  readonly port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  readonly host?: string;
  readonly iyzico?: { readonly apiKey?: string; readonly secretKey?: string; readonly merchantId?: string };
  readonly paytr?: { readonly merchantId?: string; readonly merchantKey?: string; readonly merchantSalt?: string };
  /** The service's base URL: sets every callback target to its `/payments/callbacks/…` routes. */
  readonly serviceUrl?: string;
  /** Callback targets one by one (win over `serviceUrl`). */
  readonly targets?: CallbackTargets;
  /** Multiplies the providers' retry schedules (e.g. 0.001 in tests); default 1. */
  readonly timeScale?: number;
  /** Per-attempt callback timeout in ms; default 10000. */
  readonly deliveryTimeoutMs?: number;
}

/** The callback targets of a service at `serviceUrl`. */
export const targetsOf = (serviceUrl: string): Required<CallbackTargets> => ({
  iyzicoWebhookUrl: `${serviceUrl}/payments/callbacks/iyzico/webhook`,
  iyzicoSubscriptionUrl: `${serviceUrl}/payments/callbacks/iyzico/subscription`,
  paytrNotificationUrl: `${serviceUrl}/payments/callbacks/paytr`,
});
