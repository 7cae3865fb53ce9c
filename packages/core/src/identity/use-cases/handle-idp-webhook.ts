import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { ErrorTracker } from '../../shared/error-tracker.js';
import type { Logger } from '../../shared/logger.js';
import { decodeIdpEvent, type IdpEvent } from '../idp-event.js';
import {
  malformedWebhookEvent,
  missingSignatureHeaders,
  type IdpWebhookError,
} from '../idp-webhook.errors.js';
import type { WebhookSignatureHeaders, WebhookVerifier } from '../ports/webhook-verifier.js';
import type { DeleteSelfDeps } from './delete-self.js';
import { handleUserCreated } from './handle-user-created.js';
import { handleUserDeleted } from './handle-user-deleted.js';
import { handleUserUpdated } from './handle-user-updated.js';
import type { MirrorProviderUserDeps } from './mirror-provider-user.js';

/** Ports needed to receive provider webhooks. */
export interface HandleIdpWebhookDeps extends MirrorProviderUserDeps, DeleteSelfDeps {
  readonly webhookVerifier: WebhookVerifier;
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

const completeHeaders = (headers: Partial<WebhookSignatureHeaders>): E.Either<IdpWebhookError, WebhookSignatureHeaders> =>
  headers.id && headers.timestamp && headers.signature
    ? E.right({ id: headers.id, timestamp: headers.timestamp, signature: headers.signature })
    : E.left(missingSignatureHeaders());

// Strict UTF-8: JSON is UTF-8 by definition (RFC 8259), and a lenient decode would hide corruption.
const parseJson = (rawBody: Uint8Array): E.Either<IdpWebhookError, unknown> =>
  E.tryCatch(
    () => JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody)) as unknown,
    () => malformedWebhookEvent(['body is not UTF-8 JSON']),
  );

const idpIdOf = (event: IdpEvent): string | null => {
  switch (event.type) {
    case 'user.created':
    case 'user.updated':
      return event.user.idpId;
    case 'user.deleted':
      return event.idpId;
    case 'ignored':
      return event.idpId;
  }
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
    pipe(
      TE.fromEither(completeHeaders(delivery.headers)),
      TE.flatMap((headers) =>
        pipe(
          TE.fromEither(deps.webhookVerifier.verify(delivery.rawBody, headers)),
          TE.mapError((error) => {
            // spec: a breadcrumb, but no issue raised in error tracking.
            deps.errorTracker.addBreadcrumb({ category: BREADCRUMB, message: 'invalid signature', data: { webhookId: headers.id } });
            return error;
          }),
        ),
      ),
      TE.flatMap(() => TE.fromEither(parseJson(delivery.rawBody))),
      TE.flatMap((body) => TE.fromEither(pipe(decodeIdpEvent(body), E.mapLeft(malformedWebhookEvent)))),
      TE.tap((event) => {
        const fields = { eventType: event.type === 'ignored' ? event.eventType : event.type, idpId: idpIdOf(event) };
        deps.errorTracker.addBreadcrumb({ category: BREADCRUMB, data: fields });
        deps.logger.info(fields, 'idp webhook accepted');
        return dispatch(deps, event);
      }),
      TE.map((): WebhookReceipt => ({ received: true })),
    );
