/** The four callback schemes (reference §8.1), one per public route. */
export type SchemeId = 'iyzico-3ds' | 'iyzico-webhook' | 'iyzico-subscription' | 'paytr-notification';

/** Every scheme id, in route order. */
export const SCHEME_IDS: readonly SchemeId[] = ['iyzico-3ds', 'iyzico-webhook', 'iyzico-subscription', 'paytr-notification'];

/** A callback as it arrived: exact body bytes (size-capped by the HTTP edge) and headers. */
export interface RawCallback {
  readonly contentType: string | undefined;
  /** First value of a header, by lower-case name. */
  readonly header: (lowerCaseName: string) => string | undefined;
  readonly body: Uint8Array;
  readonly receivedAt: Date;
}

/** Why a callback was refused before anything was applied. */
export type CallbackRejection =
  | { readonly _tag: 'UnsupportedMediaType'; readonly message: string }
  | { readonly _tag: 'MalformedCallback'; readonly message: string }
  | { readonly _tag: 'MissingSignature'; readonly message: string }
  | { readonly _tag: 'InvalidSignature'; readonly message: string }
  | { readonly _tag: 'SchemeNotConfigured'; readonly message: string };

/** Builds the rejections. */
export const rejection = {
  /** The content type is not one the scheme reads. */
  unsupportedMediaType: (got: string | undefined): CallbackRejection => ({
    _tag: 'UnsupportedMediaType',
    message: `Unsupported content type ${got ?? '(none)'}`,
  }),
  /** The body cannot be read, with the reason. */
  malformed: (reason: string): CallbackRejection => ({ _tag: 'MalformedCallback', message: `Malformed callback: ${reason}` }),
  /** No signature was sent. */
  missingSignature: (): CallbackRejection => ({ _tag: 'MissingSignature', message: 'Callback signature missing' }),
  /** The signature does not match. */
  invalidSignature: (): CallbackRejection => ({ _tag: 'InvalidSignature', message: 'Callback signature invalid' }),
  /** The scheme's provider is not enabled. */
  notConfigured: (scheme: SchemeId): CallbackRejection => ({
    _tag: 'SchemeNotConfigured',
    message: `Payment callbacks of ${scheme} are not enabled`,
  }),
};

interface Verified {
  readonly scheme: SchemeId;
  /** Built from signed fields only, so a replay cannot vary it. */
  readonly dedupeKey: string;
  readonly receivedAt: Date;
}

/** iyzico's 3DS browser return (`callbackUrl`). dedupeKey `paymentId:mdStatus:status`. */
export interface ThreeDsReturned extends Verified {
  readonly _tag: 'ThreeDsReturned';
  readonly paymentId: string;
  readonly conversationId: string;
  readonly conversationData: string;
  readonly mdStatus: string;
  readonly status: string;
}

/** iyzico's payment webhook (direct or HPP format). dedupeKey `eventType:paymentId:status`. */
export interface IyzicoPaymentNotified extends Verified {
  readonly _tag: 'IyzicoPaymentNotified';
  readonly format: 'direct' | 'hpp';
  readonly eventType: string;
  readonly paymentId: string;
  readonly conversationId: string;
  readonly token: string | undefined;
  readonly status: string;
  /** Not covered by the signature: kept for audit only. */
  readonly unsigned: {
    readonly referenceCode: string | undefined;
    readonly eventTimeMs: number | undefined;
    readonly merchantId: string | undefined;
  };
}

/** iyzico's subscription webhook. dedupeKey `eventType:orderReferenceCode`. */
export interface IyzicoSubscriptionNotified extends Verified {
  readonly _tag: 'IyzicoSubscriptionNotified';
  readonly eventType: string;
  readonly subscriptionReferenceCode: string;
  readonly orderReferenceCode: string;
  readonly customerReferenceCode: string;
  readonly unsigned: { readonly referenceCode: string | undefined; readonly eventTimeMs: number | undefined };
}

/** PayTR's notification. dedupeKey `merchantOid:status`. */
export interface PaytrNotified extends Verified {
  readonly _tag: 'PaytrNotified';
  readonly merchantOid: string;
  readonly status: 'success' | 'failed';
  readonly totalAmountMinor: number;
  /** Not covered by the hash: never trusted for a decision. */
  readonly unsigned: {
    readonly paymentAmountMinor: number | undefined;
    readonly currency: string | undefined;
    readonly paymentType: string | undefined;
    readonly testMode: boolean;
    readonly failedReasonCode: string | undefined;
  };
}

/** A verified callback. */
export type PaymentCallbackEvent = ThreeDsReturned | IyzicoPaymentNotified | IyzicoSubscriptionNotified | PaytrNotified;

/** The event's type as recorded in the inbox. */
export const eventTypeOf = (event: PaymentCallbackEvent): string => {
  switch (event._tag) {
    case 'ThreeDsReturned':
      return `3ds.${event.status}`;
    case 'IyzicoPaymentNotified':
    case 'IyzicoSubscriptionNotified':
      return event.eventType;
    case 'PaytrNotified':
      return `paytr.${event.status}`;
  }
};

/** The allow-listed fields of an event kept in the inbox (signed and unsigned, never headers or card data). */
export const inboxPayloadOf = (event: PaymentCallbackEvent): Readonly<Record<string, string | number | boolean | null>> => {
  switch (event._tag) {
    case 'ThreeDsReturned':
      return { paymentId: event.paymentId, conversationId: event.conversationId, mdStatus: event.mdStatus, status: event.status };
    case 'IyzicoPaymentNotified':
      return {
        format: event.format,
        eventType: event.eventType,
        paymentId: event.paymentId,
        conversationId: event.conversationId,
        token: event.token ?? null,
        status: event.status,
        referenceCode: event.unsigned.referenceCode ?? null,
        eventTimeMs: event.unsigned.eventTimeMs ?? null,
      };
    case 'IyzicoSubscriptionNotified':
      return {
        eventType: event.eventType,
        subscriptionReferenceCode: event.subscriptionReferenceCode,
        orderReferenceCode: event.orderReferenceCode,
        customerReferenceCode: event.customerReferenceCode,
        referenceCode: event.unsigned.referenceCode ?? null,
      };
    case 'PaytrNotified':
      return {
        merchantOid: event.merchantOid,
        status: event.status,
        totalAmountMinor: event.totalAmountMinor,
        currency: event.unsigned.currency ?? null,
        testMode: event.unsigned.testMode,
        failedReasonCode: event.unsigned.failedReasonCode ?? null,
      };
  }
};
