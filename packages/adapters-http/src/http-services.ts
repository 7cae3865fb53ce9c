import type * as TE from 'fp-ts/lib/TaskEither.js';
import type {
  AuthPayload,
  DeleteSelfInput,
  ErrorTracker,
  IdentityError,
  IdpWebhookDelivery,
  IdpWebhookError,
  Logger,
  Me,
  RequestCredentials,
  Unauthenticated,
  User,
  WebhookReceipt,
} from '@idv/core';

/** The use cases the HTTP app calls, already bound to their ports by the composition root. */
export interface HttpServices {
  readonly authenticateRequest: (credentials: RequestCredentials) => TE.TaskEither<Unauthenticated, AuthPayload | null>;
  readonly handleIdpWebhook: (delivery: IdpWebhookDelivery) => TE.TaskEither<IdpWebhookError, WebhookReceipt>;
  readonly getMe: (auth: AuthPayload) => TE.TaskEither<IdentityError, Me>;
  readonly deleteSelf: (input: DeleteSelfInput) => TE.TaskEither<never, User>;
  /** Resolves when the service can serve (the database answers); rejects otherwise. */
  readonly checkReadiness: () => Promise<void>;
}

/** What the HTTP app needs besides the use cases. */
export interface HttpAppOptions {
  readonly services: HttpServices;
  readonly logger: Logger;
  readonly errorTracker: ErrorTracker;
  /** Wraps each request, e.g. in the error-tracking scope that keeps its user and breadcrumbs. */
  readonly requestScope?: <T>(next: () => Promise<T>) => Promise<T>;
  /** Largest webhook body accepted, in bytes (default 512 KiB). */
  readonly webhookBodyLimit?: number;
}
