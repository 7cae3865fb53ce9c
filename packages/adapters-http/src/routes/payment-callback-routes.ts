import * as E from 'fp-ts/lib/Either.js';
import type { CallbackOutcome, CallbackRejection, Logger, PaymentsArea, SchemeId } from '@idv/core';
import { rawBodyEndpoint, type RawBodyReading } from '../edge/public-endpoint.js';
import { asRejection } from '../edge/reply.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { acknowledgeJson, acknowledgePaytr, redirectToResult, type CallbackAnswer } from '../responses/callback-answers.js';
import { ReceivedView } from '../responses/response-codecs.js';
import type { Route } from './route.js';

/** Largest callback body read, in bytes (reference §8.1). */
export const PAYMENT_CALLBACK_BODY_LIMIT = 16 * 1024;

/** What the callback routes need besides the use cases. */
export interface PaymentCallbackOptions {
  /** `PAYMENT_RESULT_URL`: where the 3DS browser return is redirected. */
  readonly resultUrl: string;
}

const CALLBACK_BODY: RawBodyReading = {
  limit: PAYMENT_CALLBACK_BODY_LIMIT,
  tooLarge: 'Callback body too large',
  encoded: 'Compressed callback bodies are not accepted',
  // A defect: the error middleware reports it and answers 500.
  consumed: () => {
    throw new Error('payment callback raw body unavailable: the request stream was consumed before the route');
  },
};

/** A payment left as it was by a defect: the 3DS browser is sent to a pending page. */
const LEFT_PENDING: E.Either<CallbackRejection, CallbackOutcome> = E.right({ _tag: 'Stale', transactionId: null, status: 'authorizing' });

/**
 * One callback route: the raw body to the scheme's verification and the payment's transition, the
 * outcome answered as its sender reads it. `onDefect` answers a defect (the database down) instead
 * of the 500 the providers retry on; only the browser's return has one.
 */
const callbackRoute = (
  services: PaymentsArea,
  logger: Logger,
  path: string,
  scheme: SchemeId,
  answer: CallbackAnswer,
  onDefect: CallbackAnswer | null,
  doc: RouteDoc,
): Route =>
  rawBodyEndpoint({
    method: 'post',
    path,
    paymentCallback: true,
    doc,
    rawBody: CALLBACK_BODY,
    handle: async ({ header, readBody }) => {
      const body = await readBody();
      if (E.isLeft(body)) return body.left;
      const raw = { contentType: header('content-type'), header, body: body.right, receivedAt: new Date() };
      let result: E.Either<CallbackRejection, CallbackOutcome>;
      try {
        result = await services.receivePaymentCallback(scheme, raw)();
      } catch (error) {
        if (onDefect === null) throw error;
        logger.error(
          { scheme, error: error instanceof Error ? error.message : String(error) },
          'payment callback failed; payment left pending',
        );
        return onDefect(LEFT_PENDING);
      }
      if (E.isLeft(result)) {
        logger.warn({ scheme, rejection: result.left._tag }, 'payment callback rejected');
        // The outer limiter's failure budget (reference §8.8) counts bad signatures and malformed bodies.
        return asRejection(answer(result), result.left._tag);
      }
      if (result.right._tag === 'Unmatched') logger.warn({ scheme }, 'verified payment callback for no payment of ours');
      return answer(result);
    },
  });

const FORM = { type: 'object', additionalProperties: { type: 'string' } };

const iyzicoNotification = (summary: string): RouteDoc => ({
  summary,
  description: 'Verified by the `X-IYZ-SIGNATURE-V3` header; iyzico retries on anything but 2xx.',
  tag: 'payment-callbacks',
  signature: 'iyzicoSignature',
  rawBody: { description: "iyzico's notification", content: { 'application/json': { type: 'object' } } },
  responses: { 200: { description: 'Handled (duplicates too)', body: ReceivedView } },
  errors: ['MalformedCallback', 'MissingSignature', 'InvalidSignature', 'SchemeNotConfigured', 'PayloadTooLarge', 'UnsupportedMediaType'],
});

/**
 * The four public payment callback routes (reference §8.1), each verified by its own scheme, none
 * through the idp webhook module; bodies read raw with a 16 KiB cap. They are `public`, so the app
 * mounts the one outer public rate limiter in front of each (one bucket per source for all four).
 */
export const paymentCallbackRoutes = (services: PaymentsArea, logger: Logger, options: PaymentCallbackOptions): readonly Route[] => {
  const toResult = redirectToResult(options.resultUrl);
  return [
    callbackRoute(services, logger, '/payments/callbacks/iyzico/3ds', 'iyzico-3ds', toResult, toResult, {
      summary: "iyzico's 3DS return (the payer's browser)",
      description:
        'Verified by the `signature` form field; every outcome, a bad signature too, redirects to `PAYMENT_RESULT_URL` with `tx` and `status`.',
      tag: 'payment-callbacks',
      rawBody: { description: "iyzico's 3DS form post", content: { 'application/x-www-form-urlencoded': FORM } },
      responses: {
        303: {
          description: 'To the result page',
          headers: { Location: '`PAYMENT_RESULT_URL?tx=…&status=succeeded|failed|pending|unknown|error`' },
        },
      },
      errors: ['PayloadTooLarge', 'UnsupportedMediaType'],
    }),
    callbackRoute(
      services,
      logger,
      '/payments/callbacks/iyzico/webhook',
      'iyzico-webhook',
      acknowledgeJson,
      null,
      iyzicoNotification("iyzico's payment notification"),
    ),
    callbackRoute(
      services,
      logger,
      '/payments/callbacks/iyzico/subscription',
      'iyzico-subscription',
      acknowledgeJson,
      null,
      iyzicoNotification("iyzico's subscription notification"),
    ),
    callbackRoute(services, logger, '/payments/callbacks/paytr', 'paytr-notification', acknowledgePaytr, null, {
      summary: "PayTR's payment notification",
      description: 'Verified by the `hash` form field; PayTR retries until the body is exactly `OK`.',
      tag: 'payment-callbacks',
      rawBody: { description: "PayTR's form post", content: { 'application/x-www-form-urlencoded': FORM } },
      responses: {
        200: { description: 'Handled (duplicates too)', body: { contentType: 'text/plain', schema: { const: 'OK' } } },
        400: {
          description: 'A bad hash or a malformed notice (never `OK`)',
          body: { contentType: 'text/plain', schema: { type: 'string' } },
        },
      },
      errors: ['PayloadTooLarge', 'UnsupportedMediaType', 'SchemeNotConfigured'],
    }),
  ];
};
