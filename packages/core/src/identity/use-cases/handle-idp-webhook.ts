import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { ErrorTracker } from '../../shared/error-tracker.js';
import type { Logger } from '../../shared/logger.js';
import { decodeIdpEvent, type IdpEvent } from '../idp-event.js';
import { malformedWebhookEvent, type IdpWebhookError } from '../idp-webhook.errors.js';
import { requireSignatureHeaders } from '../signature-headers.js';
import type { WebhookEventType, WebhookMetrics, WebhookOutcome } from '../ports/webhook-metrics.js';
import type { WebhookSignatureHeaders, WebhookVerifier } from '../ports/webhook-verifier.js';
import type { DeleteSelfDeps } from './delete-self.js';
import { handleUserCreated } from './handle-user-created.js';
import { handleUserDeleted } from './handle-user-deleted.js';
import { handleUserUpdated } from './handle-user-updated.js';
import type { MirrorProviderUserDeps } from './mirror-provider-user.js';

/** Ports needed to receive provider webhooks. */
export interface HandleIdpWebhookDeps extends MirrorProviderUserDeps, DeleteSelfDeps {
  readonly webhookVerifier: WebhookVerifier;
  readonly webhookMetrics: WebhookMetrics;
  readonly errorTracker: ErrorTracker;
  readonly logger: Logger;
}

/** An inbound delivery as received: the unparsed body bytes and the signature headers (any may be absent). */
export interface IdpWebhookDelivery {
  readonly rawBody: Uint8Array;
  readonly headers: Partial<WebhookSignatureHeaders>;
}

/** The spec's answer to every handled delivery. */
export interface WebhookReceipt {
  readonly received: true;
}

const BREADCRUMB = 'webhook.idp';

// Strict UTF-8: JSON is UTF-8 by definition (RFC 8259), and a lenient decode would hide corruption.
// One decoder for every delivery: a non-streaming decode keeps no state between calls.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const parseJson = (rawBody: Uint8Array): E.Either<IdpWebhookError, unknown> =>
  E.tryCatch(
    () => JSON.parse(strictUtf8.decode(rawBody)) as unknown,
    () => malformedWebhookEvent(['body is not UTF-8 JSON']),
  );

// An ignored event's object (a session, an organization) is not a user: never logged as `idpId`.
const logFieldsOf = (event: IdpEvent): Readonly<Record<string, string | null>> => {
  switch (event.type) {
    case 'user.created':
    case 'user.updated':
      return { eventType: event.type, idpId: event.user.idpId };
    case 'user.deleted':
      return { eventType: event.type, idpId: event.idpId };
    case 'ignored':
      return { eventType: event.eventType, objectId: event.objectId };
  }
};

// A correctly signed delivery we cannot read means the provider's payloads drifted: answer
// 400 and raise an issue. Only the paths and expectations are kept, never the values (personal data).
const reportUndecodable =
  (deps: HandleIdpWebhookDeps, webhookId: string) =>
  (error: IdpWebhookError): IdpWebhookError => {
    if (error._tag === 'MalformedWebhookEvent') {
      const problems = error.problems.map((problem) => problem.replace(/, got [\s\S]*$/, ''));
      deps.errorTracker.captureException(new Error('signed idp webhook did not decode'), { webhookId, problems });
    }
    return error;
  };

const REFUSED: Readonly<Record<IdpWebhookError['_tag'], WebhookOutcome>> = {
  MissingSignatureHeaders: 'missing_headers',
  InvalidWebhookSignature: 'invalid_signature',
  MalformedWebhookEvent: 'malformed',
};

const countedTypeOf = (event: IdpEvent): WebhookEventType => (event.type === 'ignored' ? 'other' : event.type);

// Every delivery is counted once, a defect too (it still rejects, so the provider retries).
// One `then` rather than an async try/catch: every delivery runs it (docs/performance.md).
const counted =
  (deps: HandleIdpWebhookDeps, event: IdpEvent, handle: TE.TaskEither<never, unknown>): TE.TaskEither<never, unknown> =>
  () => {
    const eventType = countedTypeOf(event);
    return handle().then(
      (result) => {
        deps.webhookMetrics.delivery(eventType, event.type === 'ignored' ? 'ignored' : 'processed');
        return result;
      },
      (error: unknown) => {
        deps.webhookMetrics.delivery(eventType, 'failed');
        throw error;
      },
    );
  };

const dispatch = (deps: HandleIdpWebhookDeps, event: IdpEvent): TE.TaskEither<never, unknown> => {
  switch (event.type) {
    case 'user.created':
      return handleUserCreated(deps)(event.user);
    case 'user.updated':
      return handleUserUpdated(deps)(event.user);
    case 'user.deleted':
      return handleUserDeleted(deps)(event.idpId);
    case 'ignored':
      return TE.right(undefined);
  }
};

// The checks before any write are synchronous: one Either, no Task (and no promise) per step. Early
// returns rather than a pipe of `E.flatMap`: its data-last form copies its arguments on every call,
// which cost 2–3 % of each delivery's CPU (docs/performance.md).
const acceptedEvent = (deps: HandleIdpWebhookDeps, delivery: IdpWebhookDelivery): E.Either<IdpWebhookError, IdpEvent> => {
  const signed = requireSignatureHeaders(delivery.headers);
  if (E.isLeft(signed)) return signed;
  const headers = signed.right;
  const verified = deps.webhookVerifier.verify(delivery.rawBody, headers);
  if (E.isLeft(verified)) {
    // spec: a breadcrumb, but no issue raised in error tracking.
    deps.errorTracker.addBreadcrumb({ category: BREADCRUMB, message: 'invalid signature', data: { webhookId: headers.id } });
    return verified;
  }
  const body = parseJson(delivery.rawBody);
  const event = E.isLeft(body) ? body : E.mapLeft(malformedWebhookEvent)(decodeIdpEvent(body.right));
  return E.isLeft(event) ? E.left(reportUndecodable(deps, headers.id)(event.left)) : event;
};

const RECEIPT: WebhookReceipt = Object.freeze({ received: true });

/**
 * Receives a provider webhook per the spec: all three signature headers are required, the
 * signature is checked over the unparsed bytes, then the event is decoded and dispatched on its
 * type (`user.created`, `user.updated`, `user.deleted`; any other type is a no-op). A failed write
 * rejects, so the HTTP layer answers 500 and the provider retries.
 *
 * @example
 * await handleIdpWebhook(deps)({ rawBody, headers: { id, timestamp, signature } })(); // Right({ received: true })
 */
export const handleIdpWebhook =
  (deps: HandleIdpWebhookDeps) =>
  (delivery: IdpWebhookDelivery): TE.TaskEither<IdpWebhookError, WebhookReceipt> =>
  () => {
    const accepted = acceptedEvent(deps, delivery);
    if (E.isLeft(accepted)) {
      deps.webhookMetrics.delivery('unknown', REFUSED[accepted.left._tag]);
      return Promise.resolve(accepted);
    }
    const event = accepted.right;
    const fields = logFieldsOf(event);
    deps.errorTracker.addBreadcrumb({ category: BREADCRUMB, data: fields });
    deps.logger.info(fields, 'idp webhook accepted');
    return counted(deps, event, dispatch(deps, event))().then(() => E.right(RECEIPT));
  };
