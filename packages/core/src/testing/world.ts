import * as E from 'fp-ts/lib/Either.js';
import { purchaseFulfilment } from '../commerce/purchase-fulfilment.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { invalidWebhookSignature } from '../identity/idp-webhook.errors.js';
import type { WebhookVerifier } from '../identity/ports/webhook-verifier.js';
import type { InvitationSettings } from '../invitation/invitation-steps.js';
import type { PushSettings } from '../devices/push.js';
import { acceptPendingInvitations, type AcceptPendingInvitations } from '../invitation/use-cases/accept-pending-invitations.js';
import { FakeIdentityProviderAdmin } from './fake-identity-provider-admin.js';
import { FakeInviteTokens } from './fake-invite-tokens.js';
import { FakeNationalIdVault } from './fake-national-id-vault.js';
import { FixedClock } from './fixed-clock.js';
import { ImmediateUnitOfWork } from './immediate-unit-of-work.js';
import { InMemoryAuditLog } from './in-memory-audit-log.js';
import { InMemoryCallers } from './in-memory-callers.js';
import { InMemoryDevices } from './in-memory-devices.js';
import { InMemoryEventLog } from './in-memory-event-log.js';
import { FakeEndpointSecretVault } from './fake-endpoint-secret-vault.js';
import { FixedEndpointUrlPolicy } from './fixed-endpoint-url-policy.js';
import { InMemoryEventDeliveries } from './in-memory-event-deliveries.js';
import { InMemoryWebhookEndpoints } from './in-memory-webhook-endpoints.js';
import { ScriptedEventSender } from './scripted-event-sender.js';
import type { DeliverySettings } from '../events/delivery/delivery-ports.js';
import { InMemoryInvitations } from './in-memory-invitations.js';
import { InMemoryMemberships } from './in-memory-memberships.js';
import { InMemoryNationalIds } from './in-memory-national-ids.js';
import { InMemoryOrganizations } from './in-memory-organizations.js';
import { InMemoryPlans } from './in-memory-plans.js';
import { InMemoryPurchases } from './in-memory-purchases.js';
import { FakePurchaseStatusTokens } from './fake-purchase-status-tokens.js';
import { fakeBodyFingerprints } from './fake-body-fingerprints.js';
import { DEFAULT_PAYMENT_SWEEP } from '../payments/use-cases/sweep-payments.js';
import { InMemoryIdempotencyRecords } from './in-memory-idempotency-records.js';
import { inMemoryInvitationThrottle, inMemoryPurchaseThrottle } from './in-memory-rate-limiter.js';
import { NO_BOT_CHECK, type BotCheck } from '../commerce/ports/bot-check.js';
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
import { InMemoryAgreementRenditions } from './in-memory-agreement-renditions.js';
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

/** Delivery settings for tests: the real schedule (scale 1), jitter fixed at its middle (none). */
export const TEST_DELIVERY_SETTINGS: DeliverySettings = { scale: 1, random: () => 0.5, timeoutMs: 15_000 };

/** The settings the test world's invitations use. */
export const TEST_INVITATION_SETTINGS: InvitationSettings = { appUrl: 'https://app.example.test', invitationTtlDays: 7 };

/** The test world's push receipts are read 15 minutes after sending, as Expo suggests. */
export const TEST_PUSH_SETTINGS: PushSettings = { receiptDelaySeconds: 900 };

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
  const eventLog = new InMemoryEventLog();
  const agreementTemplates = new InMemoryAgreementTemplates();
  const agreements = new InMemoryAgreements({
    membership: (id) => memberships.all().find((row) => row.id === id),
    version: (id) => agreementTemplates.versionOf(id),
  });
  // Follow-ups enqueued by the use cases; a test runs them with `jobQueue.drain(handlers)`.
  const jobQueue = new RecordingJobQueue();
  const webhookEndpoints = new InMemoryWebhookEndpoints();
  const eventDeliveries = new InMemoryEventDeliveries({ eventLog, webhookEndpoints });
  const purchases = new InMemoryPurchases();
  const world = {
    eventLog,
    jobQueue,
    // The events area: endpoints, deliveries, a scripted sender (204 unless told otherwise), a fake vault and policy.
    webhookEndpoints,
    eventDeliveries,
    eventSender: new ScriptedEventSender(),
    endpointSecretVault: new FakeEndpointSecretVault(),
    endpointUrlPolicy: new FixedEndpointUrlPolicy(),
    deliverySettings: TEST_DELIVERY_SETTINGS,
    users,
    callers: new InMemoryCallers(users, memberships),
    organizations,
    memberships,
    invitations,
    auditLog,
    plans: new InMemoryPlans(),
    purchases,
    idempotencyRecords: new InMemoryIdempotencyRecords(),
    purchaseStatusTokens: new FakePurchaseStatusTokens(),
    bodyFingerprints: fakeBodyFingerprints,
    // Off unless a test turns it on (a FakeBotCheck); the purchase budgets at their defaults.
    botCheck: NO_BOT_CHECK as BotCheck,
    purchaseThrottle: inMemoryPurchaseThrottle(clock),
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
    errorTracker: new RecordingErrorTracker(),
    webhookVerifier: stubWebhookVerifier,
    webhookMetrics: new RecordingWebhookMetrics(),
    settings: TEST_INVITATION_SETTINGS,
    pushSettings: TEST_PUSH_SETTINGS,
    invitationThrottle: inMemoryInvitationThrottle(clock),
    // Deleting an organization checks its open payments and cancels its subscriptions (see createPaymentsWorld for the rest).
    paymentTransactions: new InMemoryPaymentTransactions(),
    paymentSubscriptions: new InMemoryPaymentSubscriptions(),
    paymentGateway: new FakePaymentGateway(),
    // A visitor's purchase pays through either provider (createPaymentsWorld holds the payments area's own).
    paymentSettings: { enabledProviders: ['iyzico', 'paytr'] as const },
    paymentSweep: DEFAULT_PAYMENT_SWEEP,
    agreementTemplates,
    agreements,
    agreementDigests: new FakeAgreementDigests(),
    agreementDocuments: new RecordingAgreementDocuments(),
    agreementRenditions: new InMemoryAgreementRenditions(),
    agreementSettings: TEST_AGREEMENT_SETTINGS,
    acceptPendingInvitations: acceptPendingInvitations({
      invitations,
      purchases,
      memberships,
      auditLog,
      unitOfWork,
      clock,
      ids,
      eventLog,
      jobQueue,
      webhookEndpoints,
      eventDeliveries,
    }),
  };
  // A verified payment grants its purchase through the world's own ports, as the server wires it.
  return { ...world, paymentFulfilment: purchaseFulfilment(world) };
};

/** The world `createTestWorld` builds. */
export type TestWorld = ReturnType<typeof createTestWorld>;
