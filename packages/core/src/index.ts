export type { Clock } from './shared/clock.js';
export type { IdGenerator } from './shared/id-generator.js';
export type { Logger } from './shared/logger.js';
export type { Breadcrumb, ErrorTracker } from './shared/error-tracker.js';
export { incidentOf, type IncidentError, type IncidentKind } from './shared/incident.js';
export type { Analytics } from './shared/analytics.js';
export type { UnitOfWork, UnitOfWorkOptions } from './shared/unit-of-work.js';
export type { DomainError } from './shared/domain-error.js';
export { ALLOWED } from './shared/rate-limiter.js';
export type { RateLimitDecision, RateLimiter, RateLimitPolicy } from './shared/rate-limiter.js';
export type { BackgroundTasks } from './shared/background-tasks.js';
export { withPorts } from './shared/with-ports.js';
export type { JobData, JobHandler, JobHandlers, JobOptions, JobQueue, JobValue } from './jobs/job-queue.js';
export { decodeJob } from './jobs/decode-job.js';
export { enqueueSubscriptionCancellation, PAYMENT_JOBS, paymentJobHandlers, type PaymentJobDeps } from './payments/payment-jobs.js';
export { enqueueProviderUserDeletion, IDENTITY_JOBS, identityJobHandlers } from './identity/identity-jobs.js';
export type {
  EndpointUrlPolicy,
  EndpointUrlRefusal,
  EventDeliveryOutcome,
  EventDeliveryRequest,
  EventSender,
} from './events/ports/event-sender.js';
export type { EndpointSecretVault, SealedEndpointSecret } from './events/ports/endpoint-secret-vault.js';
export type { EventDraft, OutboundEvent } from './events/outbound-event.js';
export type { EventLog, FeedEvent } from './events/ports/event-log.js';
export { EVENT_CATALOGUE, EVENT_TYPES, EventTypeCodec, isEventType } from './events/catalogue.js';
export type { EventCatalogue, EventData, EventType } from './events/catalogue.js';
export { emitEvent } from './events/emit-event.js';
export { FeedPosition } from './events/feed-position.js';
export type { FeedPositionBrand } from './events/feed-position.js';
export { deliveryNotFound, endpointUrlRefused, webhookEndpointNotFound, webhookSecretsUnavailable } from './events/events.errors.js';
export type {
  DeliveryNotFound,
  EndpointUrlRefused,
  EventsError,
  WebhookEndpointNotFound,
  WebhookSecretsUnavailable,
} from './events/events.errors.js';
export { eventsArea } from './events/events-area.js';
export type { EventsArea, EventsPorts } from './events/events-area.js';
export type { EndpointDeps } from './events/use-cases/endpoint-deps.js';
export type { CreatedWebhookEndpoint, CreateWebhookEndpointError, NewWebhookEndpoint } from './events/use-cases/create-webhook-endpoint.js';
export type { EndpointError } from './events/use-cases/manage-webhook-endpoints.js';
export { ROTATION_OVERLAP_MS } from './events/use-cases/manage-webhook-endpoints.js';
export type { FeedPage } from './events/use-cases/read-event-feed.js';
export type { Recovered } from './events/use-cases/manage-deliveries.js';
export { liveSecrets, subscribes } from './events/webhook-endpoint.js';
export type { DisabledReason, WebhookEndpoint, WebhookEndpointChanges } from './events/webhook-endpoint.js';
export type { WebhookEndpoints } from './events/ports/webhook-endpoints.js';
export type { AttemptErrorKind, DeliveryAttempt, DeliveryStatus, EventDelivery } from './events/event-delivery.js';
export type { DeliveryToAttempt, EventDeliveries } from './events/ports/event-deliveries.js';
export { FAILING_LIMIT_MS, JITTER, RETRY_SCHEDULE_SECONDS, retryDelayMs } from './events/retry-schedule.js';
export type { RetrySettings } from './events/retry-schedule.js';
export { DELIVER_JOB } from './events/delivery/delivery-ports.js';
export type { DeliveryPorts, DeliverySettings } from './events/delivery/delivery-ports.js';
export { envelopeJson, envelopeOf } from './events/delivery/envelope.js';
export {
  EXPIRE_INVITATIONS_JOB,
  FEED_RETENTION_DAYS,
  PRUNE_FEED_JOB,
  eventsJobHandlers,
  eventsPeriodicHandlers,
} from './events/events-jobs.js';
export type { EventsJobPorts } from './events/events-jobs.js';
export { FAN_OUT_JOB, newEventId, recordEvent, type RecordEventPorts } from './events/record-event.js';
export { describeErrors, showValue } from './shared/describe-errors.js';
export { fromPort } from './shared/from-port.js';
export { isUuid } from './shared/uuid.js';
export { UUID_SCHEMA, withJsonSchema } from './shared/json-schema.js';
export type { Described, JsonSchemaFacts } from './shared/json-schema.js';
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, PageCursor, PageLimit, PageQuery, cursorAfter, pageRequest } from './shared/pagination.js';
export type { Page, PagePosition, PageRequest } from './shared/pagination.js';

export { IdpUserId, UserId } from './identity/identifiers.js';
export type { IdpUserIdBrand, UserIdBrand } from './identity/identifiers.js';
export { Email } from './identity/email.js';
export type { EmailBrand } from './identity/email.js';
export type { User, ProviderUser } from './identity/user.js';
export { isDeleted, verifiedEmail } from './identity/user.js';
export type { AuthPayload } from './identity/auth-payload.js';
export { PLATFORM_ADMIN_ROLE } from './identity/auth-payload.js';
export {
  authenticationUnavailable,
  ownerMustTransferOwnership,
  unauthenticated,
  userDeleted,
  userNotFound,
} from './identity/identity.errors.js';
export type {
  AuthenticationFailure,
  AuthenticationUnavailable,
  DeleteSelfError,
  IdentityError,
  OwnerMustTransferOwnership,
  Unauthenticated,
  UserDeleted,
  UserNotFound,
} from './identity/identity.errors.js';
export { NationalId, hasComplianceRecord } from './identity/national-id.js';
export type { NationalIdBrand, SealedNationalId } from './identity/national-id.js';
export { nationalIdMismatch, nationalIdNotSet } from './identity/national-id.errors.js';
export type { NationalIdError, NationalIdMismatch, NationalIdNotSet } from './identity/national-id.errors.js';
export type { NationalIdVault } from './identity/ports/national-id-vault.js';
export type { NationalIds, StoredNationalId } from './identity/ports/national-ids.js';
export { invalidWebhookSignature, malformedWebhookEvent, missingSignatureHeaders } from './identity/idp-webhook.errors.js';
export type {
  IdpWebhookError,
  InvalidWebhookSignature,
  MalformedWebhookEvent,
  MissingSignatureHeaders,
} from './identity/idp-webhook.errors.js';
export { IdpUserJson, decodeProviderUser, toProviderUser } from './identity/idp-user-json.js';
export { decodeIdpEvent } from './identity/idp-event.js';
export type { IdpEvent } from './identity/idp-event.js';
export type { Users, UserSync } from './identity/ports/users.js';
export type { Caller, Callers } from './identity/ports/callers.js';
export type { IdentityProviderAdmin, ProviderUserPage } from './identity/ports/identity-provider-admin.js';
export type {
  CreateProviderInvitationInput,
  CreateProviderOrganizationInput,
  ProviderInvitation,
  ProviderInvitationStatus,
} from './identity/ports/identity-provider-admin.js';
export type { AccessTokenVerifier, VerifiedSessionToken } from './identity/ports/access-token-verifier.js';
export type { WebhookSignatureHeaders, WebhookVerifier } from './identity/ports/webhook-verifier.js';
export type { WebhookEventType, WebhookMetrics, WebhookOutcome } from './identity/ports/webhook-metrics.js';

export { authenticateRequest } from './identity/use-cases/authenticate-request.js';
export type { AuthenticateRequestDeps, RequestCredentials } from './identity/use-cases/authenticate-request.js';
export { handleIdpWebhook } from './identity/use-cases/handle-idp-webhook.js';
export { requireSignatureHeaders } from './identity/signature-headers.js';
export type { HandleIdpWebhookDeps, IdpWebhookDelivery, WebhookReceipt } from './identity/use-cases/handle-idp-webhook.js';
export { handleUserCreated } from './identity/use-cases/handle-user-created.js';
export { handleUserUpdated } from './identity/use-cases/handle-user-updated.js';
export { handleUserDeleted } from './identity/use-cases/handle-user-deleted.js';
export { deleteSelf } from './identity/use-cases/delete-self.js';
export { softDeleteUser } from './identity/use-cases/soft-delete-user.js';
export type { SoftDeleteUserDeps } from './identity/use-cases/soft-delete-user.js';
export { setNationalId } from './identity/use-cases/set-national-id.js';
export type { SetNationalIdDeps } from './identity/use-cases/set-national-id.js';
export type { DeleteSelfDeps, DeleteSelfInput } from './identity/use-cases/delete-self.js';
export { getMe } from './identity/use-cases/get-me.js';
export type { GetMeDeps, Me } from './identity/use-cases/get-me.js';
export { mirrorProviderUser } from './identity/use-cases/mirror-provider-user.js';
export { syncUsers } from './identity/use-cases/sync-users.js';
export type { SyncProgress, SyncSummary, SyncUsers, SyncUsersDeps, SyncUsersOptions } from './identity/use-cases/sync-users.js';
export { resealNationalIds } from './identity/use-cases/reseal-national-ids.js';
export type {
  ResealNationalIds,
  ResealNationalIdsDeps,
  ResealNationalIdsOptions,
  ResealProgress,
  ResealSummary,
} from './identity/use-cases/reseal-national-ids.js';
export type { MirrorProviderUserDeps, MirrorReason } from './identity/use-cases/mirror-provider-user.js';

export { OrganizationId, OrganizationName } from './organization/organization.js';
export type { Organization, OrganizationIdBrand, OrganizationNameBrand } from './organization/organization.js';
export type { OwnerlessOrganization } from './organization/organization.js';
export { organizationNotFound, slugTaken } from './organization/organization.errors.js';
export type { SlugTaken } from './organization/organization.errors.js';
export {
  OrganizationSlug,
  RESERVED_SLUGS,
  SLUG_MAX_LENGTH,
  SLUG_MIN_LENGTH,
  slugBase,
  slugCandidates,
  slugProblem,
} from './organization/organization-slug.js';
export type { OrganizationSlugBrand } from './organization/organization-slug.js';
export type { OrganizationError, OrganizationNotFound } from './organization/organization.errors.js';
export { platformAdminOnly } from './organization/organization.errors.js';
export type { PlatformAdminOnly } from './organization/organization.errors.js';
export { listOwnerlessOrganizations } from './organization/use-cases/list-ownerless-organizations.js';
export type { ListOwnerlessOrganizationsError } from './organization/use-cases/list-ownerless-organizations.js';
export { lockedOwnerRows, markOwnerless, refuseOwners } from './organization/owned-organizations.js';
export type { MarkOwnerlessDeps, SettleOwnedOrganizations } from './organization/owned-organizations.js';
export type { Organizations } from './organization/ports/organizations.js';
export { createOrganization } from './organization/use-cases/create-organization.js';
export type { CreatedOrganization, CreateOrganizationDeps, CreateOrganizationError } from './organization/use-cases/create-organization.js';
export { getOrganization } from './organization/use-cases/get-organization.js';
export { updateOrganization } from './organization/use-cases/update-organization.js';
export type { OrganizationChanges, UpdateOrganizationDeps, UpdateOrganizationError } from './organization/use-cases/update-organization.js';
export { deleteOrganization } from './organization/use-cases/delete-organization.js';
export type { DeleteOrganizationDeps, DeleteOrganizationError } from './organization/use-cases/delete-organization.js';
export { readComplianceRecord } from './organization/use-cases/read-compliance-record.js';
export type {
  ComplianceRecord,
  ReadComplianceRecordDeps,
  ReadComplianceRecordError,
} from './organization/use-cases/read-compliance-record.js';

export { Role, MembershipStatus, MembershipId, canGrant, canManage, isAwaitingInvitation, isLive, rank } from './membership/membership.js';
export type { Membership, MembershipIdBrand, MembershipSummary } from './membership/membership.js';
export { CAPABILITY_ROLES, Capability, PLATFORM_ADMIN_CAPABILITIES, can } from './membership/capability.js';
export {
  cannotGrantRole,
  cannotManageMember,
  forbidden,
  invalidMembershipTransition,
  membershipChangedConcurrently,
  membershipNotFound,
  ownerCannotLeave,
  ownerProtected,
} from './membership/membership.errors.js';
export type {
  CannotGrantRole,
  CannotManageMember,
  Forbidden,
  InvalidMembershipTransition,
  MembershipChangedConcurrently,
  MembershipError,
  MembershipNotFound,
  OwnerCannotLeave,
  OwnerProtected,
} from './membership/membership.errors.js';
export type { MembershipChanges, MembershipExpectation, Memberships, RosterFilter } from './membership/ports/memberships.js';
export { actorRole, actsAsPlatformAdmin, authorize, holds, mayGrant, seesRoster } from './membership/authorize.js';
export type { Actor, AuthorizationError, Authorized, AuthorizeDeps } from './membership/authorize.js';
export { authorizedWrite, authorizeGrant } from './membership/authorized-write.js';
export type { AuthorizedWriteDeps, AuthorizedWriteError, Grant, WriteScope } from './membership/authorized-write.js';
export type { ManageMembersDeps } from './membership/managing.js';
export type { OwnershipMove } from './membership/ownership.js';
export type { StatusChangeError } from './membership/status-change.js';
export { resolveMembership } from './membership/use-cases/resolve-membership.js';
export { listMembers } from './membership/use-cases/list-members.js';
export type { ListMembersQuery } from './membership/use-cases/list-members.js';
export { changeMemberRole } from './membership/use-cases/change-member-role.js';
export type { ChangeMemberRoleError } from './membership/use-cases/change-member-role.js';
export { suspendMember } from './membership/use-cases/suspend-member.js';
export { reinstateMember } from './membership/use-cases/reinstate-member.js';
export { removeMember } from './membership/use-cases/remove-member.js';
export type { RemoveMemberOptions } from './membership/use-cases/remove-member.js';
export { leaveOrganization } from './membership/use-cases/leave-organization.js';
export type { LeaveOrganizationError } from './membership/use-cases/leave-organization.js';
export { transferOwnership } from './membership/use-cases/transfer-ownership.js';
export type { TransferOwnershipError } from './membership/use-cases/transfer-ownership.js';

export {
  DEFAULT_INVITATION_TTL_DAYS,
  InvitationId,
  InvitationStatus,
  RevokedReason,
  expiryFrom,
  isAcceptable,
  isExpired,
  toInvitationView,
} from './invitation/invitation.js';
export type { Invitation, InvitationIdBrand, InvitationView } from './invitation/invitation.js';
export {
  alreadyMember,
  invalidInvitationToken,
  invitationAlreadyPending,
  invitationExpired,
  invitationNotFound,
  invitationNotPending,
  invitationRateLimited,
  notTheInvitee,
} from './invitation/invitation.errors.js';
export { identityProviderUnavailable } from './invitation/invitation.errors.js';
export type { IdentityProviderUnavailable } from './invitation/invitation.errors.js';
export type {
  AlreadyMember,
  InvalidInvitationToken,
  InvitationAlreadyPending,
  InvitationError,
  InvitationExpired,
  InvitationNotFound,
  InvitationNotPending,
  InvitationRateLimited,
  NotTheInvitee,
} from './invitation/invitation.errors.js';
export { emailNotVerified } from './invitation/invitation.errors.js';
export type { EmailNotVerified } from './invitation/invitation.errors.js';
export type { InvitationRenewal, Invitations } from './invitation/ports/invitations.js';
export type { InviteTokens, IssuedInviteToken, ReadInviteToken } from './invitation/ports/invite-tokens.js';
export { DEFAULT_INVITATION_LIMITS } from './invitation/ports/invitation-throttle.js';
export type { InvitationBudget, InvitationThrottle } from './invitation/ports/invitation-throttle.js';
export { throttleInvitation } from './invitation/throttle-invitation.js';
export { drawBudgets } from './shared/draw-budgets.js';
export type { BudgetDraw } from './shared/draw-budgets.js';
export type { ManageInvitationError } from './invitation/manage-invitation.js';
export type { InvitationDraw, ThrottleInvitationDeps } from './invitation/throttle-invitation.js';

export { AuditAction, AuditTargetType } from './audit/audit-entry.js';
export type { AuditEntry, AuditSnapshot } from './audit/audit-entry.js';
export type { AuditLog } from './audit/ports/audit-log.js';
export type { AuditTrailDeps } from './audit/audit-trail.js';
export { listAuditEntries } from './audit/use-cases/list-audit-entries.js';

export type { InvitationDeps, InvitationSettings, InvitationStepsDeps } from './invitation/invitation-steps.js';
export { isInvitee } from './invitation/invitee.js';
export type { InvitationReference } from './invitation/invitee.js';
export { announceAcceptance, announceInvitation } from './invitation/announcements.js';
export {
  enqueueAcceptanceNotice,
  enqueueInvitationNotice,
  enqueueProviderRevocation,
  INVITATION_JOBS,
  invitationJobHandlers,
  type InvitationJobDeps,
  type InvitationNoticeDeps,
} from './invitation/invitation-jobs.js';
export type { PushDeps } from './invitation/announcements.js';
export { acceptPendingInvitations } from './invitation/use-cases/accept-pending-invitations.js';
export type { AcceptPendingInvitations, AcceptedInvitations, Arrival } from './invitation/use-cases/accept-pending-invitations.js';
export { inviteMember } from './invitation/use-cases/invite-member.js';
export type { CreatedInvitation, InviteMemberDeps, InviteMemberError, InviteMemberInput } from './invitation/use-cases/invite-member.js';
export { resendInvitation } from './invitation/use-cases/resend-invitation.js';
export type { ResendInvitationDeps, ResendInvitationError, ResentInvitation } from './invitation/use-cases/resend-invitation.js';
export { revokeInvitation } from './invitation/use-cases/revoke-invitation.js';
export { EXPIRY_BATCH, expirePendingInvitations } from './invitation/use-cases/expire-pending-invitations.js';
export type { RevokeInvitationError } from './invitation/use-cases/revoke-invitation.js';
export { acceptInvitation } from './invitation/use-cases/accept-invitation.js';
export type { AcceptInvitationError } from './invitation/use-cases/accept-invitation.js';
export { declineInvitation } from './invitation/use-cases/decline-invitation.js';
export type { DeclineInvitationError } from './invitation/use-cases/decline-invitation.js';
export { listInvitations } from './invitation/use-cases/list-invitations.js';
export { listMyInvitations } from './invitation/use-cases/list-my-invitations.js';
export type { MyInvitation } from './invitation/use-cases/list-my-invitations.js';

export { identityArea } from './identity/identity-area.js';
export type { IdentityArea, IdentityPorts } from './identity/identity-area.js';
export { organizationsArea } from './organization/organizations-area.js';
export { commerceArea, UNFINGERPRINTED_FIELDS } from './commerce/commerce-area.js';
export { startPurchase, STATUS_TOKEN_TTL_MS } from './commerce/use-cases/start-purchase.js';
export type { StartedPurchase, StartPurchaseDeps, StartPurchaseError, StartPurchaseInput } from './commerce/use-cases/start-purchase.js';
export { getPurchaseStatus } from './commerce/use-cases/get-purchase-status.js';
export type {
  GetPurchaseStatusDeps,
  PurchaseAgreement,
  PurchaseNextStep,
  PurchaseProgress,
} from './commerce/use-cases/get-purchase-status.js';
export { issuePurchaseAgreementLink } from './commerce/use-cases/issue-purchase-agreement-link.js';
export type {
  IssuePurchaseAgreementLinkDeps,
  IssuePurchaseAgreementLinkError,
} from './commerce/use-cases/issue-purchase-agreement-link.js';
export { listFlaggedPurchases } from './commerce/use-cases/list-flagged-purchases.js';
export type { CommerceArea, CommercePorts } from './commerce/commerce-area.js';
export {
  AgreementTemplateRef,
  AgreementTemplateRefs,
  isOffered,
  PlanCurrency,
  PlanDescription,
  PlanId,
  PlanName,
  PlanPeriod,
  PlanRole,
  PlanText,
  SeatLimit,
} from './commerce/plan.js';
export type {
  AgreementTemplateRefBrand,
  Plan,
  PlanChanges,
  PlanIdBrand,
  PlanInput,
  PlanNameBrand,
  PlanTextBrand,
  SeatLimitBrand,
} from './commerce/plan.js';
export {
  idempotencyKeyInProgress,
  idempotencyKeyRequired,
  idempotencyKeyReused,
  planArchived,
  planNotFound,
  unknownAgreementTemplates,
  botCheckFailed,
  purchaseRateLimited,
} from './commerce/commerce.errors.js';
export type {
  CommerceError,
  IdempotencyKeyInProgress,
  IdempotencyKeyRequired,
  IdempotencyKeyReused,
  PlanArchived,
  PlanNotFound,
  PlanSoldOut,
  PurchaseNotFound,
  StatusTokenExpired,
  UnknownAgreementTemplates,
  BotCheckFailed,
  PurchaseRateLimited,
} from './commerce/commerce.errors.js';
export { NO_BOT_CHECK } from './commerce/ports/bot-check.js';
export type { BotCheck } from './commerce/ports/bot-check.js';
export { DEFAULT_PURCHASE_LIMITS } from './commerce/ports/purchase-throttle.js';
export type { PurchaseBudget, PurchaseThrottle } from './commerce/ports/purchase-throttle.js';
export { checkBot, refuseKnownMember, throttlePurchase } from './commerce/purchase-guards.js';
export type { PurchaseGuardDeps } from './commerce/purchase-guards.js';
export { commercePeriodicHandlers, PRUNE_IDEMPOTENCY_KEYS_JOB } from './commerce/commerce-jobs.js';
export type { CommerceJobPorts } from './commerce/commerce-jobs.js';
export { fingerprintText, IDEMPOTENCY_TTL_MS, IdempotencyKey, isKeptAnswer, judgeRepeat } from './commerce/idempotency.js';
export type { IdempotencyAnswer, IdempotencyKeyBrand, IdempotencyRecord, RepeatedKeyError } from './commerce/idempotency.js';
export type { IdempotencyRecords } from './commerce/ports/idempotency-records.js';
export type { BodyFingerprints } from './commerce/ports/body-fingerprints.js';
export { BuyerName, PurchaseFlag, PurchaseFlags, PurchaseId, PurchaseStatus, shownStatus, validUntilOf } from './commerce/purchase.js';
export type { BuyerNameBrand, Purchase, PurchaseGrant, PurchaseIdBrand } from './commerce/purchase.js';
export { purchaseFulfilment } from './commerce/purchase-fulfilment.js';
export type { PurchaseFulfilmentDeps } from './commerce/purchase-fulfilment.js';
export type { Purchases } from './commerce/ports/purchases.js';
export type { PurchaseStatusTokens, StatusTokenCheck } from './commerce/ports/purchase-status-tokens.js';
export { withIdempotency } from './commerce/use-cases/with-idempotency.js';
export type { IdempotencyDeps, IdempotentAnswer } from './commerce/use-cases/with-idempotency.js';
export type { PlanListing, Plans } from './commerce/ports/plans.js';
export { createPlan } from './commerce/use-cases/create-plan.js';
export type { CreatePlanDeps } from './commerce/use-cases/create-plan.js';
export { listPlans } from './commerce/use-cases/list-plans.js';
export { updatePlan } from './commerce/use-cases/update-plan.js';
export type { UpdatePlanDeps, UpdatePlanError } from './commerce/use-cases/update-plan.js';
export { getPublicProfile, PUBLIC_PLAN_LIMIT } from './commerce/use-cases/get-public-profile.js';
export type { PublicProfile } from './commerce/use-cases/get-public-profile.js';
export type { OrganizationsArea, OrganizationsPorts } from './organization/organizations-area.js';
export {
  AmountMinor,
  Currency,
  MerchantReference,
  PayerDetails,
  PaymentCard,
  PaymentDescription,
  PaymentId,
  PaymentProvider,
  merchantReferenceOf,
} from './payments/payment.js';
export { OPEN_STATUSES, REVIEWABLE_STATUSES, SWEPT_STATUSES, PaymentStatus, isFinal } from './payments/payment-status.js';
export type { SweepClock } from './payments/payment-status.js';
export { SubscriptionReferenceCode } from './payments/subscription.js';
export type { PaymentSubscription, SubscriptionReferenceCodeBrand } from './payments/subscription.js';
export { renewalOf } from './payments/renewal.js';
export type { PaymentSubscriptions } from './payments/ports/payment-subscriptions.js';
export type {
  AmountMinorBrand,
  MerchantReferenceBrand,
  PayerTextBrand,
  PaymentDescriptionBrand,
  PaymentIdBrand,
  PaymentTransaction,
} from './payments/payment.js';
export { SCHEME_IDS, eventTypeOf, inboxPayloadOf, rejection } from './payments/callback.js';
export type {
  CallbackRejection,
  IyzicoPaymentNotified,
  IyzicoSubscriptionNotified,
  PaymentCallbackEvent,
  PaytrNotified,
  RawCallback,
  SchemeId,
  ThreeDsReturned,
} from './payments/callback.js';
export {
  cardRequired,
  nationalIdRequired,
  paymentNotFound,
  paymentProviderNotEnabled,
  paymentProviderUnavailable,
  paymentRefused,
  paymentSubscriptionExists,
} from './payments/payments.errors.js';
export type {
  CardRequired,
  NationalIdRequired,
  PaymentError,
  PaymentNotFound,
  PaymentProviderNotEnabled,
  PaymentProviderUnavailable,
  PaymentRefused,
  PaymentSubscriptionExists,
} from './payments/payments.errors.js';
export type { CallbackScheme, CallbackSchemes } from './payments/ports/callback-scheme.js';
export { paymentInFlight, subscriptionNotVerified } from './payments/payments.errors.js';
export type { PaymentInFlight, SubscriptionNotVerified, SubscriptionRefusal } from './payments/payments.errors.js';
export { SubscriptionLinkStatus } from './payments/subscription.js';
export type { ProviderSubscription, ProviderSubscriptionOrder } from './payments/ports/payment-gateway.js';
export { verifyRenewal } from './payments/renewal.js';
export type { RenewalCheck } from './payments/renewal.js';
export type { PaymentChange, PaymentLookup, PaymentTransactions, SweepCutoffs } from './payments/ports/payment-transactions.js';
export { NO_FULFILMENT } from './payments/ports/payment-fulfilment.js';
export type { PaymentFulfilment } from './payments/ports/payment-fulfilment.js';
export type { CallbackOutcomeTag, InboxEntry, PaymentCallbackInbox, SettledInboxEntry } from './payments/ports/payment-callback-inbox.js';
export type {
  Buyer,
  ClientAction,
  GatewayFailure,
  Initialized,
  InitializePayment,
  PaymentGateway,
  ProviderVerdict,
} from './payments/ports/payment-gateway.js';
export { belongsTo, decide, evidenceOf, lookupOf } from './payments/transition.js';
export type { Decision, Evidence } from './payments/transition.js';
export { handlePaymentCallback } from './payments/use-cases/handle-payment-callback.js';
export type { CallbackOutcome, HandlePaymentCallbackDeps } from './payments/use-cases/handle-payment-callback.js';
export { completeThreeDs } from './payments/use-cases/complete-three-ds.js';
export type { CompleteThreeDsDeps } from './payments/use-cases/complete-three-ds.js';
export { startPayment } from './payments/use-cases/start-payment.js';
export type {
  PaymentSettings,
  StartedPayment,
  StartPaymentDeps,
  StartPaymentError,
  StartPaymentInput,
} from './payments/use-cases/start-payment.js';
export { needsIdentityNumber } from './payments/start-at-provider.js';
export type { ProviderStartError } from './payments/start-at-provider.js';
export { getPayment } from './payments/use-cases/get-payment.js';
export type { GetPaymentDeps } from './payments/use-cases/get-payment.js';
export { receivePaymentCallback } from './payments/use-cases/receive-payment-callback.js';
export { listPayments } from './payments/use-cases/list-payments.js';
export { linkPaymentSubscription } from './payments/use-cases/link-payment-subscription.js';
export type {
  LinkPaymentSubscriptionDeps,
  LinkPaymentSubscriptionError,
  LinkPaymentSubscriptionInput,
} from './payments/use-cases/link-payment-subscription.js';
export { reconcilePayment } from './payments/use-cases/reconcile-payment.js';
export type { Reconciled, ReconcilePaymentDeps } from './payments/use-cases/reconcile-payment.js';
export { DEFAULT_PAYMENT_SWEEP, sweepPayments } from './payments/use-cases/sweep-payments.js';
export type { PaymentSweepSettings, SweepPaymentsDeps, SweepReport } from './payments/use-cases/sweep-payments.js';
export type { ReceivePaymentCallbackDeps } from './payments/use-cases/receive-payment-callback.js';
export { paymentsArea } from './payments/payments-area.js';
export type { PaymentsArea, PaymentsPorts } from './payments/payments-area.js';

export {
  DEFAULT_LOCALE,
  Locale,
  canonicalLocale,
  parseLocale,
  preferredAmong,
  preferredLanguage,
  recipientLocale,
  requestLocale,
} from './devices/locale.js';
export type { LocaleBrand, LocaleHeaders } from './devices/locale.js';
export { AppVersion, InstallationId, Platform, PushToken, maskPushToken } from './devices/device.js';
export type {
  AppVersionBrand,
  Device,
  DeviceRegistration,
  InstallationIdBrand,
  PushTokenBrand,
  RegisteredDevice,
} from './devices/device.js';
export type { NotificationMessage, PendingReceipt, Push, PushReport, ReceiptsReport, SendReport } from './devices/notification.js';
export type { Devices, PushTarget } from './devices/ports/devices.js';
export type { Notifications } from './devices/ports/notifications.js';
export { forgetUnregistered, notifyUser, READ_RECEIPTS_JOB } from './devices/push.js';
export type { NotifyDeps, PushSettings } from './devices/push.js';
export { pushReceiptJobHandlers } from './devices/push-receipt-jobs.js';
export { registerDevice } from './devices/use-cases/register-device.js';
export type { RegisterDeviceDeps, RegisterDeviceInput } from './devices/use-cases/register-device.js';
export { revokeDevice } from './devices/use-cases/revoke-device.js';
export { listDevices } from './devices/use-cases/list-devices.js';
export { rememberLocale } from './devices/use-cases/remember-locale.js';
export { devicesArea } from './devices/devices-area.js';
export type { DevicesArea, DevicesPorts } from './devices/devices-area.js';

export { AgreementKind, AgreementLanguage, AgreementTextFormat } from './agreements/agreement-terms.js';
export { agreementTextBlocks, inlineRuns } from './agreements/agreement-text.js';
export type { TextBlock, TextRun } from './agreements/agreement-text.js';
export type {
  AgreementDocument,
  DocumentAgreement,
  DocumentEvidence,
  DocumentNationalId,
  DocumentSignature,
  DocumentSigner,
  NationalIdAbsence,
} from './agreements/agreement-document.js';
export type { AgreementDocuments } from './agreements/ports/agreement-documents.js';
export {
  AgreementText,
  AgreementTexts,
  AgreementTemplateInput,
  AgreementTemplatePatch,
  changesContent,
  textLanguage,
} from './agreements/agreement-template.js';
export type { AgreementTemplate, AgreementTemplateVersion } from './agreements/agreement-template.js';
export { REQUESTABLE_STATUSES, agreementSubject } from './agreements/agreement.js';
export type { Agreement, AgreementLink, AgreementSignature, AgreementStatus, AgreementSummary } from './agreements/agreement.js';
export * from './agreements/agreements.errors.js';
export type { AgreementTemplates } from './agreements/ports/agreement-templates.js';
export type { Agreements } from './agreements/ports/agreements.js';
export type { AgreementDigests, IssuedLinkToken } from './agreements/ports/agreement-digests.js';
export type { AgreementRendition, AgreementRenditions } from './agreements/ports/agreement-renditions.js';
export { signingLink } from './agreements/agreement-settings.js';
export type { AgreementSettings } from './agreements/agreement-settings.js';
export type { AgreementsPorts } from './agreements/agreement-ports.js';
export type { IssuedLink } from './agreements/agreement-links.js';
export { NOTIFY_REQUESTED_JOB, agreementJobHandlers } from './agreements/agreement-jobs.js';
export { SIGNATURE_IMAGE_MAX_BYTES, SignatureImage, TypedName, isPng } from './agreements/signature-image.js';
export type { RequestedAgreement, RequestAgreementError } from './agreements/use-cases/request-agreement.js';
export type { StaffAgreementError } from './agreements/use-cases/staff-agreements.js';
export type { MyLinkError } from './agreements/use-cases/my-agreements.js';
export type { AgreementForm, SignatureInput, SignatureReceipt } from './agreements/use-cases/sign-agreement.js';
export type { AgreementPdf, AgreementPdfError } from './agreements/use-cases/agreement-pdf.js';
export type { PdfVerification, VerifyAgreementPdfError } from './agreements/use-cases/verify-agreement-pdf.js';
export { agreementsArea } from './agreements/agreements-area.js';
export type { AgreementsArea } from './agreements/agreements-area.js';
