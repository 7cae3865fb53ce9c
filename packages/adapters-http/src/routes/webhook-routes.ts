import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import { requireSignatureHeaders, type ErrorTracker } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { respondWithError } from '../errors/error-body.js';
import type { ErrorCode } from '../errors/error-status.js';
import { markRejection } from '../middleware/failure-budget.js';
import { sendJson } from '../edge/json-response.js';
import { readRawBody } from '../raw-body.js';
import { optionalHeader } from '../request-headers.js';
import { ReceivedView } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const NO_BODY = new Uint8Array(0);

/** Answers a refusal and marks it for the failure budget (`Route.failureBudget`). */
const refuse = (ctx: Context, code: ErrorCode, message: string): void => {
  markRejection(ctx, code);
  respondWithError(ctx, code, message);
};

/**
 * `POST /webhooks/idp`: public, authenticated by the provider's signature over the exact body
 * bytes (spec: POST /webhooks/idp rules 1-6). No body parser runs on this route.
 */
export const webhookRoutes = (services: HttpServices, errorTracker: ErrorTracker, bodyLimit: number): readonly Route[] => [
  {
    method: 'post',
    path: '/webhooks/idp',
    access: 'public',
    // Only what cannot be the provider's spends the source's budget: no signature headers, a bad
    // signature, a body refused before it could be verified. A signed delivery, even one that does
    // not decode (`MalformedWebhookEvent`, the provider's payloads drifted), is never refused for rate.
    failureBudget: ['MissingSignatureHeaders', 'InvalidWebhookSignature', 'PayloadTooLarge', 'UnsupportedMediaType'],
    doc: {
      summary: "The provider's user events (user.created, user.updated, user.deleted)",
      description: 'Verified over the exact body bytes (Standard Webhooks); idempotent on the message id; other event types are acknowledged and ignored.',
      tag: 'webhooks',
      signature: 'idpWebhookSignature',
      rawBody: {
        description: "The provider's event envelope",
        content: {
          'application/json': {
            type: 'object',
            required: ['type', 'data', 'object'],
            properties: { type: { type: 'string' }, object: { const: 'event' }, data: { type: 'object' }, timestamp: { type: 'integer' }, instance_id: { type: 'string' } },
          },
        },
      },
      responses: { 200: { description: 'Handled (or ignored): the provider stops retrying', body: ReceivedView } },
      errors: ['MissingSignatureHeaders', 'InvalidWebhookSignature', 'MalformedWebhookEvent', 'PayloadTooLarge', 'UnsupportedMediaType'],
    },
    handler: async (ctx) => {
      const headers = {
        id: optionalHeader(ctx, 'idp-webhook-id'),
        timestamp: optionalHeader(ctx, 'idp-webhook-timestamp'),
        signature: optionalHeader(ctx, 'idp-webhook-signature'),
      };
      // Issue #9: rule 1 comes first; no body size or encoding may answer before it. The use case
      // refuses (and counts, issue #12) a delivery without them before it reads any body.
      const signed = requireSignatureHeaders(headers);
      if (E.isLeft(signed)) {
        const refusal = await services.handleIdpWebhook({ rawBody: NO_BODY, headers })();
        const error = E.isLeft(refusal) ? refusal.left : signed.left;
        return refuse(ctx, error._tag, error.message);
      }
      const raw = await readRawBody(ctx, bodyLimit);
      if (!raw.ok) {
        if (raw.problem === 'too-large') return refuse(ctx, 'PayloadTooLarge', 'Webhook body too large');
        if (raw.problem === 'encoded') return refuse(ctx, 'UnsupportedMediaType', 'Compressed webhook bodies are not accepted');
        // spec: raw body unavailable is a server misconfiguration: 500, reported.
        errorTracker.captureException(new Error('webhook raw body unavailable: the request stream was consumed before the webhook route'));
        return respondWithError(ctx, 'InternalError', 'Webhook raw body unavailable');
      }
      const result = await services.handleIdpWebhook({ rawBody: raw.bytes, headers: signed.right })();
      if (E.isLeft(result)) return refuse(ctx, result.left._tag, result.left.message);
      sendJson(ctx, 200, result.right);
    },
  },
];
