import type { ServiceIdentifier } from 'inversify';
import type Koa from 'koa';
import type {
  AccessTokenVerifier,
  AgreementDigests,
  AgreementDocuments,
  AgreementSettings,
  AgreementsArea,
  AgreementRenditions,
  AgreementTemplates,
  Agreements,
  EventLog,
  Analytics,
  AuditLog,
  Callers,
  BackgroundTasks,
  CallbackSchemes,
  Clock,
  Devices,
  DevicesArea,
  EndpointSecretVault,
  EndpointUrlPolicy,
  ErrorTracker,
  EventSender,
  EventDeliveries,
  EventsArea,
  DeliverySettings,
  WebhookEndpoints,
  IdentityArea,
  ResealNationalIds,
  IdentityProviderAdmin,
  IdGenerator,
  InvitationSettings,
  Invitations,
  InvitationThrottle,
  InviteTokens,
  JobHandlers,
  JobQueue,
  Logger,
  Memberships,
  NationalIds,
  NationalIdVault,
  Notifications,
  PushSettings,
  Organizations,
  OrganizationsArea,
  PaymentCallbackInbox,
  PaymentGateway,
  PaymentSettings,
  PaymentsArea,
  PaymentSubscriptions,
  PaymentSweepSettings,
  PaymentTransactions,
  PaymentFulfilment,
  Plans,
  IdempotencyRecords,
  Purchases,
  PurchaseStatusTokens,
  BodyFingerprints,
  BotCheck,
  PurchaseThrottle,
  CommerceArea,
  RateLimiter,
  SweepReport,
  UnitOfWork,
  Users,
  WebhookMetrics,
  WebhookVerifier,
} from '@idv/core';
import type { HttpServices, PaymentCallbackLimits } from '@idv/adapters-http';
import type { RateLimitStore } from '@idv/adapters-rate-limit';
import type { BackgroundJob } from '../jobs/background-job.js';
import type { OnDemandJob } from '../jobs/on-demand-job.js';
import type { BackgroundWork } from '../observability/background-work.js';
import type { UserSyncJob } from '../sync/user-sync-job.js';

/** Readiness of what the service depends on (the database). */
export type ReadinessCheck = () => Promise<void>;
/** Wraps one request in its scope: its id on every log line, its error-tracking user and breadcrumbs. */
export type RequestScope = <T>(requestId: string, next: () => Promise<T>) => Promise<T>;

/** The Inversify tokens: one typed symbol per port, declared here and nowhere else. */
export const TOKENS = {
  Logger: Symbol('Logger') as ServiceIdentifier<Logger>,
  ErrorTracker: Symbol('ErrorTracker') as ServiceIdentifier<ErrorTracker>,
  Analytics: Symbol('Analytics') as ServiceIdentifier<Analytics>,
  Clock: Symbol('Clock') as ServiceIdentifier<Clock>,
  IdGenerator: Symbol('IdGenerator') as ServiceIdentifier<IdGenerator>,
  Users: Symbol('Users') as ServiceIdentifier<Users>,
  Callers: Symbol('Callers') as ServiceIdentifier<Callers>,
  Memberships: Symbol('Memberships') as ServiceIdentifier<Memberships>,
  Organizations: Symbol('Organizations') as ServiceIdentifier<Organizations>,
  Invitations: Symbol('Invitations') as ServiceIdentifier<Invitations>,
  AuditLog: Symbol('AuditLog') as ServiceIdentifier<AuditLog>,
  NationalIds: Symbol('NationalIds') as ServiceIdentifier<NationalIds>,
  InviteTokens: Symbol('InviteTokens') as ServiceIdentifier<InviteTokens>,
  NationalIdVault: Symbol('NationalIdVault') as ServiceIdentifier<NationalIdVault>,
  /** `npm run national-ids:reseal`'s use case, bound to the database and the vault. */
  ResealNationalIds: Symbol('ResealNationalIds') as ServiceIdentifier<ResealNationalIds>,
  /** `TEST_AUTH_BYPASS`, as decided by the configuration. */
  TestAuthBypass: Symbol('TestAuthBypass') as ServiceIdentifier<boolean>,
  /** `APP_URL` and `INVITATION_TTL_DAYS`. */
  InvitationSettings: Symbol('InvitationSettings') as ServiceIdentifier<InvitationSettings>,
  /** The identity area's use cases, bound to their ports. */
  IdentityArea: Symbol('IdentityArea') as ServiceIdentifier<IdentityArea>,
  /** The organizations area's use cases, bound to their ports. */
  OrganizationsArea: Symbol('OrganizationsArea') as ServiceIdentifier<OrganizationsArea>,
  UnitOfWork: Symbol('UnitOfWork') as ServiceIdentifier<UnitOfWork>,
  ReadinessCheck: Symbol('ReadinessCheck') as ServiceIdentifier<ReadinessCheck>,
  /** The error-tracking scope of one request (its user and breadcrumbs). */
  ErrorTrackingScope: Symbol('ErrorTrackingScope') as ServiceIdentifier<RequestScope>,
  /** The spec's `IDP_CLIENT`: the provider's administrative client. */
  IDP_CLIENT: Symbol('IDP_CLIENT') as ServiceIdentifier<IdentityProviderAdmin>,
  AccessTokenVerifier: Symbol('AccessTokenVerifier') as ServiceIdentifier<AccessTokenVerifier>,
  WebhookVerifier: Symbol('WebhookVerifier') as ServiceIdentifier<WebhookVerifier>,
  /** Provider webhook deliveries by event type and outcome. */
  WebhookMetrics: Symbol('WebhookMetrics') as ServiceIdentifier<WebhookMetrics>,
  /** Where every rate limiter counts: this process's memory, or the Redis the instances share. */
  RateLimitStore: Symbol('RateLimitStore') as ServiceIdentifier<RateLimitStore>,
  /** The outer rate limiter of the public routes, one instance for every public router. */
  PublicRateLimiter: Symbol('PublicRateLimiter') as ServiceIdentifier<RateLimiter>,
  /** Invitations per organization, inviter and recipient, and the resend cooldown. */
  InvitationThrottle: Symbol('InvitationThrottle') as ServiceIdentifier<InvitationThrottle>,
  /** `payment_transactions` and the inbox of verified callbacks. */
  PaymentTransactions: Symbol('PaymentTransactions') as ServiceIdentifier<PaymentTransactions>,
  /** What a settled payment paid for, acted on in its unit of work (a purchase's grant). */
  PaymentFulfilment: Symbol('PaymentFulfilment') as ServiceIdentifier<PaymentFulfilment>,
  PaymentInbox: Symbol('PaymentInbox') as ServiceIdentifier<PaymentCallbackInbox>,
  /** Iyzico subscriptions linked to organizations, with their plans. */
  PaymentSubscriptions: Symbol('PaymentSubscriptions') as ServiceIdentifier<PaymentSubscriptions>,
  /** `PAYMENT_PENDING_TTL_MINUTES` and the sweeper's batch. */
  PaymentSweepSettings: Symbol('PaymentSweepSettings') as ServiceIdentifier<PaymentSweepSettings>,
  /** The providers' APIs: initialize, 3DS completion, status query. */
  PaymentGateway: Symbol('PaymentGateway') as ServiceIdentifier<PaymentGateway>,
  /** The callback schemes of the enabled providers. */
  CallbackSchemes: Symbol('CallbackSchemes') as ServiceIdentifier<CallbackSchemes>,
  /** `PAYMENTS_PROVIDERS`, as decided by the configuration. */
  PaymentSettings: Symbol('PaymentSettings') as ServiceIdentifier<PaymentSettings>,
  /** What organizations sell on their public pages (`plans`). */
  Plans: Symbol('Plans') as ServiceIdentifier<Plans>,
  /** Kept `Idempotency-Key`s of the public purchase (`idempotency_records`). */
  IdempotencyRecords: Symbol('IdempotencyRecords') as ServiceIdentifier<IdempotencyRecords>,
  /** Visitors' purchases of plans (`purchases`). */
  Purchases: Symbol('Purchases') as ServiceIdentifier<Purchases>,
  /** HMAC status tokens of purchases (a key derived from `INVITE_SECRET`). */
  PurchaseStatusTokens: Symbol('PurchaseStatusTokens') as ServiceIdentifier<PurchaseStatusTokens>,
  /** Keyed fingerprints of purchase bodies for the idempotency store (a key derived from `INVITE_SECRET`). */
  BodyFingerprints: Symbol('BodyFingerprints') as ServiceIdentifier<BodyFingerprints>,
  /** The bot check in front of the public purchase (off, the local stand-in, or Turnstile; `BOT_CHECK_LOCAL`, `TURNSTILE_*`). */
  BotCheck: Symbol('BotCheck') as ServiceIdentifier<BotCheck>,
  /** The purchase budgets per client address and per buyer's email (`PURCHASE_LIMIT_*`). */
  PurchaseThrottle: Symbol('PurchaseThrottle') as ServiceIdentifier<PurchaseThrottle>,
  /** The commerce area's periodic jobs (`commerce.prune-idempotency-keys`), run from the periodic list. */
  CommercePeriodicJobs: Symbol('CommercePeriodicJobs') as ServiceIdentifier<JobHandlers>,
  /** The commerce area's use cases (plans, public profiles), bound to their ports. */
  CommerceArea: Symbol('CommerceArea') as ServiceIdentifier<CommerceArea>,
  /** The payments area's use cases, bound to their ports. */
  PaymentsArea: Symbol('PaymentsArea') as ServiceIdentifier<PaymentsArea>,
  /** The payment callbacks' own budgets: callbacks and bad signatures per source, and the trusted sources. */
  PaymentCallbackLimits: Symbol('PaymentCallbackLimits') as ServiceIdentifier<PaymentCallbackLimits>,
  /** The payment sweeper (`PAYMENT_SWEEP_INTERVAL_SECONDS`), also run on demand. */
  PaymentSweepJob: Symbol('PaymentSweepJob') as ServiceIdentifier<OnDemandJob<void, SweepReport>>,
  /** Registered devices, the push service, work off the request path, and the area's use cases. */
  Devices: Symbol('Devices') as ServiceIdentifier<Devices>,
  Notifications: Symbol('Notifications') as ServiceIdentifier<Notifications>,
  /** `EXPO_RECEIPT_DELAY_SECONDS`: when a push's receipts are read. */
  PushSettings: Symbol('PushSettings') as ServiceIdentifier<PushSettings>,
  BackgroundTasks: Symbol('BackgroundTasks') as ServiceIdentifier<BackgroundTasks>,
  /** The same background work, for draining it at shutdown. */
  BackgroundWork: Symbol('BackgroundWork') as ServiceIdentifier<BackgroundWork>,
  DevicesArea: Symbol('DevicesArea') as ServiceIdentifier<DevicesArea>,
  /** The reconciliation with the provider (`SYNC_INTERVAL_MINUTES`), also run on demand. */
  UserSyncJob: Symbol('UserSyncJob') as ServiceIdentifier<UserSyncJob>,
  /** Every background job the areas run: each area binds its own here; the server starts those with a timer and stops them all. */
  BackgroundJobs: Symbol('BackgroundJobs') as ServiceIdentifier<BackgroundJob>,
  /** Posts signed events to endpoints (outbound webhooks). */
  EventSender: Symbol('EventSender') as ServiceIdentifier<EventSender>,
  /** Whether a URL may be a webhook endpoint (https, public addresses only). */
  EndpointUrlPolicy: Symbol('EndpointUrlPolicy') as ServiceIdentifier<EndpointUrlPolicy>,
  /** Seals endpoint signing secrets at rest (`WEBHOOK_SECRETS_KEY`). */
  EndpointSecretVault: Symbol('EndpointSecretVault') as ServiceIdentifier<EndpointSecretVault>,
  /** The durable job queue (pg-boss on the service's database): follow-ups enqueued in the write's transaction. */
  JobQueue: Symbol('JobQueue') as ServiceIdentifier<JobQueue>,
  /** Every area's job handlers, by job name: each area binds its own map here, and the server runs workers for them all. */
  JobHandlers: Symbol('JobHandlers') as ServiceIdentifier<JobHandlers>,
  /** The outbox of outbound events and the pull feed (`outbound_events`). */
  EventLog: Symbol('EventLog') as ServiceIdentifier<EventLog>,
  /** Organizations' webhook endpoints. */
  WebhookEndpoints: Symbol('WebhookEndpoints') as ServiceIdentifier<WebhookEndpoints>,
  /** The delivery log of outbound events. */
  EventDeliveries: Symbol('EventDeliveries') as ServiceIdentifier<EventDeliveries>,
  /** The retry schedule's scale (`WEBHOOK_RETRY_SCHEDULE_SCALE`), its jitter and each attempt's timeout. */
  DeliverySettings: Symbol('DeliverySettings') as ServiceIdentifier<DeliverySettings>,
  /** The events area's periodic jobs (`events.prune-feed`, `invitations.expire`), run from the periodic list. */
  EventsPeriodicJobs: Symbol('EventsPeriodicJobs') as ServiceIdentifier<JobHandlers>,
  /** The events area's use cases: endpoints, deliveries, replay, the pull feed. */
  EventsArea: Symbol('EventsArea') as ServiceIdentifier<EventsArea>,
  /** Agreement templates with their versions; agreements with their signing links. */
  AgreementTemplates: Symbol('AgreementTemplates') as ServiceIdentifier<AgreementTemplates>,
  Agreements: Symbol('Agreements') as ServiceIdentifier<Agreements>,
  /** The SHA-256 of every compliance PDF rendered, to verify a copy. */
  AgreementRenditions: Symbol('AgreementRenditions') as ServiceIdentifier<AgreementRenditions>,
  /** Signing-link tokens and the SHA-256 digests of the evidence. */
  AgreementDigests: Symbol('AgreementDigests') as ServiceIdentifier<AgreementDigests>,
  /** Renders signed agreements as compliance PDFs. */
  AgreementDocuments: Symbol('AgreementDocuments') as ServiceIdentifier<AgreementDocuments>,
  /** `PUBLIC_API_URL` and `AGREEMENT_LINK_TTL_DAYS`. */
  AgreementSettings: Symbol('AgreementSettings') as ServiceIdentifier<AgreementSettings>,
  /** The per-token failure budget of the public signing routes. */
  AgreementLinkLimiter: Symbol('AgreementLinkLimiter') as ServiceIdentifier<RateLimiter>,
  /** The agreements area's use cases, bound to their ports. */
  AgreementsArea: Symbol('AgreementsArea') as ServiceIdentifier<AgreementsArea>,
  HttpServices: Symbol('HttpServices') as ServiceIdentifier<HttpServices>,
  HttpApp: Symbol('HttpApp') as ServiceIdentifier<Koa>,
} as const;
