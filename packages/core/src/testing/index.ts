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
export { InMemoryInvitations } from './in-memory-invitations.js';
export { InMemoryAuditLog } from './in-memory-audit-log.js';
export { InMemoryNationalIds } from './in-memory-national-ids.js';
export { FakeInviteTokens } from './fake-invite-tokens.js';
export { InMemoryRateLimiter, inMemoryInvitationThrottle } from './in-memory-rate-limiter.js';
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
  TEST_AGREEMENT_SETTINGS,
  VALID_TEST_SIGNATURE,
} from './world.js';
export type { TestWorld } from './world.js';
export { inMemoryMembershipsSubject, membershipsContract } from './memberships.contract.js';
export { organizationsContract } from './organizations.contract.js';
export { contractInvitation, invitationsContract } from './invitations.contract.js';
export type { InvitationsSubject } from './invitations.contract.js';
export { auditLogContract } from './audit-log.contract.js';
export type { AuditLogSubject } from './audit-log.contract.js';
export { nationalIdsContract } from './national-ids.contract.js';
export type { NationalIdsSubject } from './national-ids.contract.js';
export type { MembershipSeed, MembershipsSubject } from './memberships.contract.js';
export { fixtureUuid } from './fixture-ids.js';
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
export { RecordingAgreementDocuments } from './recording-agreement-documents.js';
export { InMemoryAgreementTemplates } from './in-memory-agreement-templates.js';
export { InMemoryAgreements, type AgreementsLookups } from './in-memory-agreements.js';
export { FakeAgreementDigests } from './fake-agreement-digests.js';
export { agreementsContract, inMemoryAgreementsSubject, type AgreementsSubject } from './agreements.contract.js';
