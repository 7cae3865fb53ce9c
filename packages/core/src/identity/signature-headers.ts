import * as E from 'fp-ts/lib/Either.js';
import { missingSignatureHeaders, type MissingSignatureHeaders } from './idp-webhook.errors.js';
import type { WebhookSignatureHeaders } from './ports/webhook-verifier.js';

/**
 * Webhook rule 1: all three signature headers, non-empty, or `MissingSignatureHeaders`. The HTTP
 * edge checks it before reading the body, so no body size or encoding can answer first.
 *
 * @example
 * requireSignatureHeaders({ id: 'msg_1' }); // Left(MissingSignatureHeaders)
 */
export const requireSignatureHeaders = (
  headers: Partial<WebhookSignatureHeaders>,
): E.Either<MissingSignatureHeaders, WebhookSignatureHeaders> =>
  headers.id && headers.timestamp && headers.signature
    ? E.right({ id: headers.id, timestamp: headers.timestamp, signature: headers.signature })
    : E.left(missingSignatureHeaders());
