import { isUtf8 } from 'node:buffer';
import { createHmac } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { Webhook } from 'standardwebhooks';
import { invalidWebhookSignature } from '@idv/core';
import type { WebhookSignatureHeaders, WebhookVerifier } from '@idv/core';
import { checkedWebhookSecret } from './webhook-secret.js';

const TIMESTAMP = /^[0-9]{1,10}$/;
const MAX_ID_LENGTH = 256;
const MAX_SIGNATURE_LENGTH = 4 * 1024;

/** Rejects what the library would read leniently (it `parseInt`s the timestamp). */
const headerProblem = (headers: WebhookSignatureHeaders): string | undefined => {
  if (!TIMESTAMP.test(headers.timestamp)) return 'invalid-timestamp';
  // spec: the id is part of `id.timestamp.body`, so it must not contain the separator.
  if (headers.id.length > MAX_ID_LENGTH || headers.id.includes('.')) return 'invalid-id';
  if (headers.signature.length > MAX_SIGNATURE_LENGTH) return 'signature-header-too-long';
  return undefined;
};

/**
 * `standardwebhooks` with its HMAC computed by OpenSSL (`node:crypto`) instead of the pure-JS
 * `fast-sha256` it bundles: the library still parses the headers, checks the timestamp tolerance
 * and compares every `v1` signature in constant time; only `sign` is faster. Callers
 * pass UTF-8 bodies only, whose bytes are exactly what the library would sign after decoding them.
 */
class OpenSslWebhook extends Webhook {
  private readonly keyBytes: Buffer;

  constructor(secret: string) {
    super(secret);
    this.keyBytes = Buffer.from(secret.slice('whsec_'.length), 'base64');
  }

  override sign(msgId: string, timestamp: Date, payload: string | Buffer): string {
    const mac = createHmac('sha256', this.keyBytes).update(`${msgId}.${Math.floor(timestamp.getTime() / 1000)}.`);
    return `v1,${mac.update(payload).digest('base64')}`;
  }
}

/**
 * Verifies provider webhooks (Standard Webhooks, HMAC-SHA256 `v1`) over the exact body bytes with
 * `standardwebhooks`. Throws at construction on a malformed or weak secret; never throws on verify.
 *
 * @example
 * const verifier = createWebhookVerifier(process.env.IDP_WEBHOOK_SECRET ?? '');
 * verifier.verify(rawBody, { id, timestamp, signature }); // Right(undefined) or Left(InvalidWebhookSignature)
 */
export const createWebhookVerifier = (secret: string): WebhookVerifier => {
  const webhook = new OpenSslWebhook(checkedWebhookSecret(secret));
  return {
    verify: (rawBody, headers) => {
      const problem = headerProblem(headers);
      if (problem !== undefined) return E.left(invalidWebhookSignature(problem));
      const body = Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
      // The library decodes to a string first: distinct invalid byte sequences would share one signature.
      if (!isUtf8(body)) return E.left(invalidWebhookSignature('body-not-utf8'));
      try {
        webhook.verify(
          body,
          { 'webhook-id': headers.id, 'webhook-timestamp': headers.timestamp, 'webhook-signature': headers.signature },
          { jsonParse: false },
        );
        return E.right(undefined);
      } catch (error) {
        return E.left(invalidWebhookSignature(error instanceof Error ? error.message : 'verification-failed'));
      }
    },
  };
};
