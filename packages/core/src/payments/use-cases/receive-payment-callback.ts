import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { rejection, type CallbackRejection, type RawCallback, type SchemeId } from '../callback.js';
import type { CallbackSchemes } from '../ports/callback-scheme.js';
import { handlePaymentCallback, type CallbackOutcome, type HandlePaymentCallbackDeps } from './handle-payment-callback.js';

/** Ports a raw callback needs: the enabled schemes besides what applying it needs. */
export interface ReceivePaymentCallbackDeps extends HandlePaymentCallbackDeps {
  readonly callbackSchemes: CallbackSchemes;
}

/**
 * A raw provider callback, end to end: its scheme verifies it (nothing changes on a rejection),
 * then the verified event is applied once.
 *
 * @example
 * await receivePaymentCallback(deps)('paytr-notification', raw)(); // Right({ _tag: 'Applied', … }) or Left({ _tag: 'InvalidSignature' })
 */
export const receivePaymentCallback =
  (deps: ReceivePaymentCallbackDeps) =>
  (scheme: SchemeId, raw: RawCallback): TE.TaskEither<CallbackRejection, CallbackOutcome> => {
    const verifier = deps.callbackSchemes[scheme];
    if (verifier === undefined) return TE.left(rejection.notConfigured(scheme));
    return pipe(TE.fromEither(verifier.verify(raw)), TE.flatMap(handlePaymentCallback(deps)));
  };
