import * as E from 'fp-ts/lib/Either.js';
import type { CallbackOutcome, CallbackRejection } from '@idv/core';
import { failure, ok, seeOther, text, type Reply } from '../edge/reply.js';
import { RECEIVED } from './response-codecs.js';

/** How a callback's outcome is answered, in the form its sender reads. */
export type CallbackAnswer = (result: E.Either<CallbackRejection, CallbackOutcome>) => Reply;

const resultStatus = (outcome: CallbackOutcome): string => {
  if (outcome._tag === 'Unmatched') return 'unknown';
  if (outcome.status === 'succeeded') return 'succeeded';
  if (outcome.status === 'failed' || outcome.status === 'expired') return 'failed';
  return 'pending';
};

/** reference §8.6, iyzico-3ds: the browser always goes back to the result page with 303, `tx` and `status` in its query. */
export const redirectToResult =
  (resultUrl: string): CallbackAnswer =>
  (result) => {
    const target = new URL(resultUrl);
    if (E.isLeft(result)) {
      target.searchParams.set('status', 'error');
    } else {
      if (result.right.transactionId !== null) target.searchParams.set('tx', result.right.transactionId);
      target.searchParams.set('status', resultStatus(result.right));
    }
    return seeOther(target.toString());
  };

/** reference §8.6, iyzico webhooks: 2xx acknowledges; a bad signature is 401, malformed 400. */
export const acknowledgeJson: CallbackAnswer = (result) => (E.isLeft(result) ? failure(result.left) : ok(RECEIVED));

const PAYTR_TEXT = 'text/plain';

/**
 * reference §4.3, §8.6: PayTR reads the body: exactly `OK` once handled, anything else makes it retry.
 * A bad hash or a malformed notice is PayTR's own 400 in text; a wrong media type or a scheme that is
 * not configured is the API's JSON error body, as for every other route and as `/openapi.json` says.
 */
export const acknowledgePaytr: CallbackAnswer = (result) => {
  if (E.isRight(result)) return text(200, PAYTR_TEXT, 'OK');
  const { _tag: tag } = result.left;
  if (tag === 'UnsupportedMediaType' || tag === 'SchemeNotConfigured') return failure(result.left);
  return text(
    400,
    PAYTR_TEXT,
    tag === 'MalformedCallback' ? 'PAYTR notification failed: MalformedCallback' : 'PAYTR notification failed: bad hash',
  );
};
