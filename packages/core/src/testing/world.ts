import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { invalidWebhookSignature } from '../identity/idp-webhook.errors.js';
import type { WebhookVerifier } from '../identity/ports/webhook-verifier.js';
import type { InvitationSettings } from '../invitation/invitation-steps.js';
import { acceptPendingInvitations, type AcceptPendingInvitations } from '../invitation/use-cases/accept-pending-invitations.js';
import { FakeIdentityProviderAdmin } from './fake-identity-provider-admin.js';
import { FakeInviteTokens } from './fake-invite-tokens.js';
import { FakeNationalIdVault } from './fake-national-id-vault.js';
import { FixedClock } from './fixed-clock.js';
import { ImmediateUnitOfWork } from './immediate-unit-of-work.js';
import { InMemoryAuditLog } from './in-memory-audit-log.js';
import { InMemoryCallers } from './in-memory-callers.js';
import { InMemoryDevices } from './in-memory-devices.js';
import { InMemoryInvitations } from './in-memory-invitations.js';
import { InMemoryMemberships } from './in-memory-memberships.js';
import { InMemoryNationalIds } from './in-memory-national-ids.js';
import { InMemoryOrganizations } from './in-memory-organizations.js';
import { inMemoryInvitationThrottle } from './in-memory-rate-limiter.js';
import { InMemoryUsers } from './in-memory-users.js';
import { RecordingAnalytics } from './recording-analytics.js';
import { RecordingErrorTracker } from './recording-error-tracker.js';
import { RecordingLogger } from './recording-logger.js';
import { RecordingNotifications } from './recording-notifications.js';
import { PendingBackgroundTasks } from './pending-background-tasks.js';
import { RecordingWebhookMetrics } from './recording-webhook-metrics.js';
import { SequentialIds } from './sequential-ids.js';
import { FakePaymentGateway } from './fake-payment-gateway.js';
import { InMemoryPaymentSubscriptions } from './in-memory-payment-subscriptions.js';
import { InMemoryPaymentTransactions } from './in-memory-payment-transactions.js';
import { FakeAgreementDigests } from './fake-agreement-digests.js';
import { InMemoryAgreementTemplates } from './in-memory-agreement-templates.js';
import { InMemoryAgreements } from './in-memory-agreements.js';
import { InMemoryEventLog } from './in-memory-event-log.js';
import { RecordingAgreementDocuments } from './recording-agreement-documents.js';
import { RecordingJobQueue } from './recording-job-queue.js';
import type { AgreementSettings } from '../agreements/agreement-settings.js';

/** The signature a `StubWebhookVerifier` accepts. */
export const VALID_TEST_SIGNATURE = 'v1,valid';

/** Accepts exactly `VALID_TEST_SIGNATURE`; real signatures are the adapter's concern. */
export const stubWebhookVerifier: WebhookVerifier = {
  verify: (_rawBody, headers) =>
    headers.signature === VALID_TEST_SIGNATURE ? E.right(undefined) : E.left(invalidWebhookSignature('No matching signature found')),
};

/** An acceptPendingInvitations that always fails, to prove the failure is swallowed. */
export const failingAcceptPendingInvitations: AcceptPendingInvitations = () =>
  TE.fromTask(() => Promise.reject(new Error('invitations store down')));

/** The settings the test world's invitations use. */
export const TEST_INVITATION_SETTINGS: InvitationSettings = { appUrl: 'https://app.example.test', invitationTtlDays: 7 };

/** The settings the test world's signing links use. */
export const TEST_AGREEMENT_SETTINGS: AgreementSettings = { publicApiUrl: 'https://api.example.test', linkTtlDays: 14 };

/** Every port of the use cases, backed by fakes, with handles for assertions. */
export const createTestWorld = () => {
  const users = new InMemoryUsers();
  const organizations = new InMemoryOrganizations();
  const memberships = new InMemoryMemberships({
    organizationNameOf: (id) => organizations.nameOf(id),
    emailOf: (userId) => users.emailOf(userId),
    organizationDeleted: (id) => organizations.deletedAtOf(id) !== undefined,
  });
  const invitations = new InMemoryInvitations();
  const auditLog = new InMemoryAuditLog();
  const unitOfWork = new ImmediateUnitOfWork();
  const clock = new FixedClock();
  const ids = new SequentialIds();
  const logger = new RecordingLogger();
  const devices = new InMemoryDevices((userId) => {
    const user = users.byId(userId);
    return user === undefined ? undefined : { locale: user.locale, deleted: user.deletedAt !== null };
  });
  const notifications = new RecordingNotifications();
  const background = new PendingBackgroundTasks(logger);
  const agreementTemplates = new InMemoryAgreementTemplates();
  const agreements = new InMemoryAgreements({
    membership: (id) => memberships.all().find((row) => row.id === id),
    version: (id) => agreementTemplates.versionOf(id),
  });
  // Follow-ups enqueued by the use cases; a test runs them with `jobQueue.drain(handlers)`.
  const jobQueue = new RecordingJobQueue();
  return {
    users,
    callers: new InMemoryCallers(users, memberships),
    organizations,
    memberships,
    invitations,
    auditLog,
    idpAdmin: new FakeIdentityProviderAdmin(),
    inviteTokens: new FakeInviteTokens(),
    nationalIds: new InMemoryNationalIds(),
    nationalIdVault: new FakeNationalIdVault(),
    unitOfWork,
    clock,
    ids,
    analytics: new RecordingAnalytics(),
    logger,
    devices,
    notifications,
    background,
    jobQueue,
    errorTracker: new RecordingErrorTracker(),
    webhookVerifier: stubWebhookVerifier,
    webhookMetrics: new RecordingWebhookMetrics(),
    settings: TEST_INVITATION_SETTINGS,
    invitationThrottle: inMemoryInvitationThrottle(clock),
    // Deleting an organization checks its open payments and cancels its subscriptions (see createPaymentsWorld for the rest).
    paymentTransactions: new InMemoryPaymentTransactions(),
    paymentSubscriptions: new InMemoryPaymentSubscriptions(),
    paymentGateway: new FakePaymentGateway(),
    agreementTemplates,
    agreements,
    agreementDigests: new FakeAgreementDigests(),
    agreementDocuments: new RecordingAgreementDocuments(),
    agreementSettings: TEST_AGREEMENT_SETTINGS,
    eventLog: new InMemoryEventLog(),
    acceptPendingInvitations: acceptPendingInvitations({
      invitations,
      memberships,
      auditLog,
      unitOfWork,
      clock,
      ids,
      jobQueue,
    }),
  };
};

/** The world `createTestWorld` builds. */
export type TestWorld = ReturnType<typeof createTestWorld>;
