export { FixedClock } from './fixed-clock.js';
export { SequentialIds } from './sequential-ids.js';
export { RecordingLogger } from './recording-logger.js';
export type { LogEntry } from './recording-logger.js';
export { RecordingErrorTracker } from './recording-error-tracker.js';
export { RecordingAnalytics } from './recording-analytics.js';
export type { AnalyticsCall } from './recording-analytics.js';
export { RecordingWebhookMetrics } from './recording-webhook-metrics.js';
export { InMemoryUsers } from './in-memory-users.js';
export { InMemoryCallers } from './in-memory-callers.js';
export { callersContract, inMemoryCallersSubject } from './callers.contract.js';
export type { CallersSubject } from './callers.contract.js';
export { InMemoryMemberships } from './in-memory-memberships.js';
export type { InMemoryMembershipsLookups } from './in-memory-memberships.js';
export { InMemoryOrganizations } from './in-memory-organizations.js';
export { InMemoryPlans } from './in-memory-plans.js';
export { InMemoryIdempotencyRecords } from './in-memory-idempotency-records.js';
export { idempotencyRecordsContract } from './idempotency-records.contract.js';
export { InMemoryPurchases } from './in-memory-purchases.js';
export { FakePurchaseStatusTokens } from './fake-purchase-status-tokens.js';
export { fakeBodyFingerprints } from './fake-body-fingerprints.js';
export { aPurchase, purchasesContract } from './purchases.contract.js';
export type { PurchasesSubject } from './purchases.contract.js';
export { InMemoryInvitations } from './in-memory-invitations.js';
export { InMemoryAuditLog } from './in-memory-audit-log.js';
export { InMemoryNationalIds } from './in-memory-national-ids.js';
export { FakeInviteTokens } from './fake-invite-tokens.js';
export { InMemoryRateLimiter, inMemoryInvitationThrottle, inMemoryPurchaseThrottle } from './in-memory-rate-limiter.js';
export { FakeBotCheck } from './fake-bot-check.js';
export { FakeNationalIdVault } from './fake-national-id-vault.js';
export { paginate } from './paginate.js';
export type { KeysetOrder } from './paginate.js';
export { ImmediateUnitOfWork } from './immediate-unit-of-work.js';
export { FakeIdentityProviderAdmin } from './fake-identity-provider-admin.js';
export type { FakeProviderInvitation, FakeProviderOrganization } from './fake-identity-provider-admin.js';
export { aProviderUser } from './builders.js';
export { idpUserJson, userCreatedEvent, userUpdatedEvent, userDeletedEvent, otherEvent } from './idp-event-fixtures.js';
export type { IdpUserJsonOptions } from './idp-event-fixtures.js';
export { usersContract } from './users.contract.js';
export type { ContractCase } from './users.contract.js';
export {
  createTestWorld,
  stubWebhookVerifier,
  failingAcceptPendingInvitations,
  TEST_INVITATION_SETTINGS,
  TEST_DELIVERY_SETTINGS,
  TEST_AGREEMENT_SETTINGS,
  VALID_TEST_SIGNATURE,
} from './world.js';
export type { TestWorld } from './world.js';
export { inMemoryMembershipsSubject, membershipsContract } from './memberships.contract.js';
export { organizationsContract } from './organizations.contract.js';
export { plansContract } from './plans.contract.js';
export type { PlansSubject } from './plans.contract.js';
export { contractInvitation, invitationsContract } from './invitations.contract.js';
export type { InvitationsSubject } from './invitations.contract.js';
export { auditLogContract } from './audit-log.contract.js';
export type { AuditLogSubject } from './audit-log.contract.js';
export { nationalIdsContract } from './national-ids.contract.js';
export type { NationalIdsSubject } from './national-ids.contract.js';
export type { MembershipSeed, MembershipsSubject } from './memberships.contract.js';
export { fixtureSlug, fixtureUuid } from './fixture-ids.js';
export { aPerson, anOrganization, liveOwners, outcome, sessionOf } from './organization-fixtures.js';
export type { MemberSpec, TestMember, TestPerson } from './organization-fixtures.js';
export { InMemoryPaymentTransactions } from './in-memory-payment-transactions.js';
export { InMemoryPaymentCallbackInbox } from './in-memory-payment-callback-inbox.js';
export { InMemoryPaymentSubscriptions } from './in-memory-payment-subscriptions.js';
export { FakePaymentGateway } from './fake-payment-gateway.js';
export { aPayment, aPaytrNotice, aSubscription, aSubscriptionNotice, prefixedIds } from './payment-fixtures.js';
export { paymentsContract } from './payments.contract.js';
export type { PaymentsSubject } from './payments.contract.js';
export { createPaymentsWorld } from './payments-world.js';
export type { PaymentsWorld } from './payments-world.js';
export { InMemoryDevices } from './in-memory-devices.js';
export type { DeviceOwner } from './in-memory-devices.js';
export { RecordingNotifications } from './recording-notifications.js';
export { PendingBackgroundTasks } from './pending-background-tasks.js';
export { devicesContract, inMemoryDevicesSubject } from './devices.contract.js';
export type { DevicesSubject } from './devices.contract.js';
export { GatedUnitOfWork } from './gated-unit-of-work.js';
export type { HeldUnitOfWork } from './gated-unit-of-work.js';
export { RecordingJobQueue, type RecordedJob } from './recording-job-queue.js';
export { InMemoryEventLog } from './in-memory-event-log.js';
export { InMemoryWebhookEndpoints } from './in-memory-webhook-endpoints.js';
export { InMemoryEventDeliveries, inMemoryEventStores } from './in-memory-event-deliveries.js';
export { ScriptedEventSender, answered } from './scripted-event-sender.js';
export { FakeEndpointSecretVault } from './fake-endpoint-secret-vault.js';
export { anEndpoint, createEventsWorld } from './events-world.js';
export { FixedEndpointUrlPolicy } from './fixed-endpoint-url-policy.js';
export type { EventsWorld } from './events-world.js';
export { eventsContract } from './events.contract.js';
export type { EventsSubject } from './events.contract.js';
export { RecordingAgreementDocuments } from './recording-agreement-documents.js';
export { InMemoryAgreementTemplates } from './in-memory-agreement-templates.js';
export { InMemoryAgreements, type AgreementsLookups } from './in-memory-agreements.js';
export { FakeAgreementDigests } from './fake-agreement-digests.js';
export { agreementsContract, inMemoryAgreementsSubject, type AgreementsSubject } from './agreements.contract.js';
export { InMemoryAgreementRenditions } from './in-memory-agreement-renditions.js';
export {
  agreementRenditionsContract,
  inMemoryAgreementRenditionsSubject,
  type AgreementRenditionsSubject,
} from './agreement-renditions.contract.js';
