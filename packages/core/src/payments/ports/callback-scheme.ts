import type { Either } from 'fp-ts/lib/Either.js';
import type { CallbackRejection, PaymentCallbackEvent, RawCallback, SchemeId } from '../callback.js';

/** One provider callback scheme: raw request → verified typed event, or a tagged rejection. */
export interface CallbackScheme {
  readonly id: SchemeId;
  /** Pure and synchronous: parse, verify the signature first, then build the event. No I/O. */
  verify(raw: RawCallback): Either<CallbackRejection, PaymentCallbackEvent>;
}

/** The schemes this deployment enables; an absent one answers `SchemeNotConfigured`. */
export type CallbackSchemes = Readonly<Partial<Record<SchemeId, CallbackScheme>>>;
