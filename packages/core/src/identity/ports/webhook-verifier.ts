import type { Either } from 'fp-ts/lib/Either.js';
import type { InvalidWebhookSignature } from '../idp-webhook.errors.js';

/** The three signature headers of a provider webhook, all present. */
export interface WebhookSignatureHeaders {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
}

/** Verifies a webhook signature over the unparsed body bytes. */
export interface WebhookVerifier {
  /** Checks the signature over the unparsed body bytes; `InvalidWebhookSignature` when it does not match or the timestamp is out of tolerance. */
  verify(rawBody: Uint8Array, headers: WebhookSignatureHeaders): Either<InvalidWebhookSignature, void>;
}
