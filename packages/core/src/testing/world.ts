import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { invalidWebhookSignature } from '../identity/idp-webhook.errors.js';
import type { WebhookVerifier } from '../identity/ports/webhook-verifier.js';
import { acceptPendingInvitations, type AcceptPendingInvitations } from '../invitation/use-cases/accept-pending-invitations.js';
import { FakeIdentityProviderAdmin } from './fake-identity-provider-admin.js';
import { FixedClock } from './fixed-clock.js';
import { ImmediateUnitOfWork } from './immediate-unit-of-work.js';
import { InMemoryMemberships } from './in-memory-memberships.js';
import { InMemoryUsers } from './in-memory-users.js';
import { RecordingAnalytics } from './recording-analytics.js';
import { RecordingErrorTracker } from './recording-error-tracker.js';
import { RecordingLogger } from './recording-logger.js';
import { SequentialIds } from './sequential-ids.js';

/** The signature a `StubWebhookVerifier` accepts. */
export const VALID_TEST_SIGNATURE = 'v1,valid';

/** Accepts exactly `VALID_TEST_SIGNATURE`; real signatures are the adapter's concern. */
export const stubWebhookVerifier: WebhookVerifier = {
  verify: (_rawBody, headers) =>
    headers.signature === VALID_TEST_SIGNATURE ? E.right(undefined) : E.left(invalidWebhookSignature('No matching signature found')),
};

/** An acceptPendingInvitations that always fails, to prove the failure is swallowed. */
export const failingAcceptPendingInvitations: AcceptPendingInvitations = () => TE.fromTask(() => Promise.reject(new Error('invitations store down')));

/** Every port of the identity use cases, backed by fakes, with handles for assertions. */
export const createTestWorld = () => {
  const world = {
    users: new InMemoryUsers(),
    memberships: new InMemoryMemberships(),
    idpAdmin: new FakeIdentityProviderAdmin(),
    unitOfWork: new ImmediateUnitOfWork(),
    clock: new FixedClock(),
    ids: new SequentialIds(),
    analytics: new RecordingAnalytics(),
    logger: new RecordingLogger(),
    errorTracker: new RecordingErrorTracker(),
    webhookVerifier: stubWebhookVerifier,
    acceptPendingInvitations: acceptPendingInvitations(),
  };
  return world;
};

/** The world `createTestWorld` builds. */
export type TestWorld = ReturnType<typeof createTestWorld>;
