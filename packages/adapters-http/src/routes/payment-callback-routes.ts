import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import type { CallbackOutcome, CallbackRejection, Logger, PaymentsArea, RawCallback, SchemeId } from '@idv/core';
import { respondWithError } from '../errors/error-body.js';
import { readRawBody } from '../raw-body.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { ReceivedView } from '../responses/response-codecs.js';
import type { Route } from './route.js';
import { sendJson } from '../edge/json-response.js';
import { markRejection } from '../middleware/failure-budget.js';

/** Largest callback body read, in bytes (reference §8.1). */
export const PAYMENT_CALLBACK_BODY_LIMIT = 16 * 1024;

/** What the callback routes need besides the use cases. */
export interface PaymentCallbackOptions {
  /** `PAYMENT_RESULT_URL`: where the 3DS browser return is redirected. */
  readonly resultUrl: string;
}

type Answer = (ctx: Context, result: E.Either<CallbackRejection, CallbackOutcome>) => void;

const resultStatus = (outcome: CallbackOutcome): string => {
  if (outcome._tag === 'Unmatched') return 'unknown';
  if (outcome.status === 'succeeded') return 'succeeded';
  if (outcome.status === 'failed' || outcome.status === 'expired') return 'failed';
  return 'pending';
};

/** reference §8.6, iyzico-3ds: the browser always goes back to the result page with 303. */
const redirectToResult =
  (resultUrl: string): Answer =>
  (ctx, result) => {
    const target = new URL(resultUrl);
    if (E.isLeft(result)) {
      target.searchParams.set('status', 'error');
    } else {
      if (result.right.transactionId !== null) target.searchParams.set('tx', result.right.transactionId);
      target.searchParams.set('status', resultStatus(result.right));
    }
    ctx.status = 303;
    ctx.redirect(target.toString());
    ctx.status = 303;
  };

/** reference §8.6, iyzico webhooks: 2xx acknowledges; a bad signature is 401, malformed 400. */
const acknowledgeJson: Answer = (ctx, result) => {
  if (E.isLeft(result)) return respondWithError(ctx, result.left._tag, result.left.message);
  sendJson(ctx, 200, { received: true });
};

/**
 * reference §4.3, §8.6: PayTR reads the body: exactly `OK` once handled, anything else makes it retry.
 * A bad hash or a malformed notice is PayTR's own 400 in text; a wrong media type or a scheme that is
 * not configured is the API's JSON error body, as for every other route and as `/openapi.json` says.
 */
const acknowledgePaytr: Answer = (ctx, result) => {
  if (E.isLeft(result)) {
    const { _tag: tag, message } = result.left;
    if (tag === 'UnsupportedMediaType' || tag === 'SchemeNotConfigured') return respondWithError(ctx, tag, message);
    ctx.type = 'text/plain';
    ctx.status = 400;
    ctx.body = tag === 'MalformedCallback' ? 'PAYTR notification failed: MalformedCallback' : 'PAYTR notification failed: bad hash';
    return;
  }
  ctx.type = 'text/plain';
  ctx.status = 200;
  ctx.body = 'OK';
};

const rawCallbackOf = (ctx: Context, body: Uint8Array, receivedAt: Date): RawCallback => ({
  contentType: ctx.get('content-type') || undefined,
  header: (name) => ctx.get(name) || undefined,
  body,
  receivedAt,
});

const callbackRoute = (services: PaymentsArea, logger: Logger, path: string, scheme: SchemeId, answer: Answer, onDefect: Answer | null, doc: RouteDoc): Route => ({
  method: 'post',
  path,
  access: 'public',
  paymentCallback: true,
  doc,
  handler: async (ctx) => {
    const raw = await readRawBody(ctx, PAYMENT_CALLBACK_BODY_LIMIT);
    if (!raw.ok) {
      if (raw.problem === 'too-large') return respondWithError(ctx, 'PayloadTooLarge', 'Callback body too large');
      if (raw.problem === 'encoded') return respondWithError(ctx, 'UnsupportedMediaType', 'Compressed callback bodies are not accepted');
      throw new Error('payment callback raw body unavailable: the request stream was consumed before the route');
    }
    let result: E.Either<CallbackRejection, CallbackOutcome>;
    try {
      result = await services.receivePaymentCallback(scheme, rawCallbackOf(ctx, raw.bytes, new Date()))();
    } catch (error) {
      // A defect (database down): the providers retry on a non-2xx/non-OK; the browser is sent to a pending page.
      if (onDefect === null) throw error;
      logger.error({ scheme, error: error instanceof Error ? error.message : String(error) }, 'payment callback failed; payment left pending');
      return onDefect(ctx, E.right({ _tag: 'Stale', transactionId: null, status: 'authorizing' }));
    }
    if (E.isLeft(result)) {
      // Seam for the outer limiter's failure budget (reference §8.8): bad signatures and malformed bodies count.
      markRejection(ctx, result.left._tag);
      logger.warn({ scheme, rejection: result.left._tag }, 'payment callback rejected');
    } else if (result.right._tag === 'Unmatched') {
      logger.warn({ scheme }, 'verified payment callback for no payment of ours');
    }
    answer(ctx, result);
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
      description: 'Verified by the `signature` form field; every outcome, a bad signature too, redirects to `PAYMENT_RESULT_URL` with `tx` and `status`.',
      tag: 'payment-callbacks',
      rawBody: { description: "iyzico's 3DS form post", content: { 'application/x-www-form-urlencoded': FORM } },
      responses: { 303: { description: 'To the result page', headers: { Location: '`PAYMENT_RESULT_URL?tx=…&status=succeeded|failed|pending|unknown|error`' } } },
      errors: ['PayloadTooLarge', 'UnsupportedMediaType'],
    }),
    callbackRoute(services, logger, '/payments/callbacks/iyzico/webhook', 'iyzico-webhook', acknowledgeJson, null, iyzicoNotification("iyzico's payment notification")),
    callbackRoute(services, logger, '/payments/callbacks/iyzico/subscription', 'iyzico-subscription', acknowledgeJson, null, iyzicoNotification("iyzico's subscription notification")),
    callbackRoute(services, logger, '/payments/callbacks/paytr', 'paytr-notification', acknowledgePaytr, null, {
      summary: "PayTR's payment notification",
      description: 'Verified by the `hash` form field; PayTR retries until the body is exactly `OK`.',
      tag: 'payment-callbacks',
      rawBody: { description: "PayTR's form post", content: { 'application/x-www-form-urlencoded': FORM } },
      responses: {
        200: { description: 'Handled (duplicates too)', body: { contentType: 'text/plain', schema: { const: 'OK' } } },
        400: { description: 'A bad hash or a malformed notice (never `OK`)', body: { contentType: 'text/plain', schema: { type: 'string' } } },
      },
      errors: ['PayloadTooLarge', 'UnsupportedMediaType', 'SchemeNotConfigured'],
    }),
  ];
};
