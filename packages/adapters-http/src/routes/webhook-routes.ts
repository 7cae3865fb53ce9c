import * as E from 'fp-ts/lib/Either.js';
import { requireSignatureHeaders, type ErrorTracker } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { rawBodyEndpoint } from '../edge/public-endpoint.js';
import { asRejection, failure, ok, type TaggedError } from '../edge/reply.js';
import { ReceivedView } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const NO_BODY = new Uint8Array(0);

/** Answers a refusal with its code and message only (a malformed event's problems stay in the error tracker), marked for the failure budget. */
const refused = ({ _tag, message }: TaggedError) => asRejection(failure({ _tag, message }), _tag);

/**
 * `POST /webhooks/idp`: public, authenticated by the provider's signature over the exact body
 * bytes (spec: POST /webhooks/idp rules 1-6). No body parser runs on this route.
 */
export const webhookRoutes = (services: HttpServices, errorTracker: ErrorTracker, bodyLimit: number): readonly Route[] => [
  rawBodyEndpoint({
    method: 'post',
    path: '/webhooks/idp',
    // Only what cannot be the provider's spends the source's budget: no signature headers, a bad
    // signature, a body refused before it could be verified. A signed delivery, even one that does
    // not decode (`MalformedWebhookEvent`, the provider's payloads drifted), is never refused for rate.
    failureBudget: ['MissingSignatureHeaders', 'InvalidWebhookSignature', 'PayloadTooLarge', 'UnsupportedMediaType'],
    doc: {
      summary: "The provider's user events (user.created, user.updated, user.deleted)",
      description:
        'Verified over the exact body bytes (Standard Webhooks); idempotent on the message id; other event types are acknowledged and ignored.',
      tag: 'webhooks',
      signature: 'idpWebhookSignature',
      rawBody: {
        description: "The provider's event envelope",
        content: {
          'application/json': {
            type: 'object',
            required: ['type', 'data', 'object'],
            properties: {
              type: { type: 'string' },
              object: { const: 'event' },
              data: { type: 'object' },
              timestamp: { type: 'integer' },
              instance_id: { type: 'string' },
            },
          },
        },
      },
      responses: { 200: { description: 'Handled (or ignored): the provider stops retrying', body: ReceivedView } },
      errors: ['MissingSignatureHeaders', 'InvalidWebhookSignature', 'MalformedWebhookEvent', 'PayloadTooLarge', 'UnsupportedMediaType'],
    },
    rawBody: {
      limit: bodyLimit,
      tooLarge: 'Webhook body too large',
      encoded: 'Compressed webhook bodies are not accepted',
      // spec: raw body unavailable is a server misconfiguration: 500, reported.
      consumed: () => {
        errorTracker.captureException(new Error('webhook raw body unavailable: the request stream was consumed before the webhook route'));
        return failure({ _tag: 'InternalError', message: 'Webhook raw body unavailable' });
      },
    },
    handle: async ({ header, readBody }) => {
      const headers = {
        id: header('idp-webhook-id'),
        timestamp: header('idp-webhook-timestamp'),
        signature: header('idp-webhook-signature'),
      };
      // Rule 1 comes first: no body size or encoding may answer before it. The use case refuses (and
      // counts, for the operators' metrics) a delivery without them before it reads any body.
      const signed = requireSignatureHeaders(headers);
      if (E.isLeft(signed)) {
        const refusal = await services.handleIdpWebhook({ rawBody: NO_BODY, headers })();
        return refused(E.isLeft(refusal) ? refusal.left : signed.left);
      }
      const body = await readBody();
      if (E.isLeft(body)) return body.left;
      const result = await services.handleIdpWebhook({ rawBody: body.right, headers: signed.right })();
      return E.isLeft(result) ? refused(result.left) : ok(result.right);
    },
  }),
];
