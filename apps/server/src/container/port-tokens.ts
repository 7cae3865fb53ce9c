import type { ResolutionContext, ServiceIdentifier } from 'inversify';
import { TOKENS } from './tokens.js';

/**
 * Every port an area's wiring function may ask for, under the name the areas use, and the token it is
 * bound under. Declared here once: an area module passes `portsOf(context)` and names no port again.
 */
export const PORT_TOKENS = {
  users: TOKENS.Users,
  callers: TOKENS.Callers,
  organizations: TOKENS.Organizations,
  memberships: TOKENS.Memberships,
  invitations: TOKENS.Invitations,
  auditLog: TOKENS.AuditLog,
  nationalIds: TOKENS.NationalIds,
  nationalIdVault: TOKENS.NationalIdVault,
  inviteTokens: TOKENS.InviteTokens,
  unitOfWork: TOKENS.UnitOfWork,
  idpAdmin: TOKENS.IDP_CLIENT,
  verifier: TOKENS.AccessTokenVerifier,
  webhookVerifier: TOKENS.WebhookVerifier,
  webhookMetrics: TOKENS.WebhookMetrics,
  analytics: TOKENS.Analytics,
  logger: TOKENS.Logger,
  errorTracker: TOKENS.ErrorTracker,
  clock: TOKENS.Clock,
  ids: TOKENS.IdGenerator,
  devices: TOKENS.Devices,
  notifications: TOKENS.Notifications,
  pushSettings: TOKENS.PushSettings,
  background: TOKENS.BackgroundTasks,
  testAuthBypass: TOKENS.TestAuthBypass,
  settings: TOKENS.InvitationSettings,
  invitationThrottle: TOKENS.InvitationThrottle,
  paymentTransactions: TOKENS.PaymentTransactions,
  paymentFulfilment: TOKENS.PaymentFulfilment,
  paymentInbox: TOKENS.PaymentInbox,
  paymentSubscriptions: TOKENS.PaymentSubscriptions,
  plans: TOKENS.Plans,
  idempotencyRecords: TOKENS.IdempotencyRecords,
  purchases: TOKENS.Purchases,
  purchaseStatusTokens: TOKENS.PurchaseStatusTokens,
  bodyFingerprints: TOKENS.BodyFingerprints,
  botCheck: TOKENS.BotCheck,
  purchaseThrottle: TOKENS.PurchaseThrottle,
  paymentGateway: TOKENS.PaymentGateway,
  paymentSettings: TOKENS.PaymentSettings,
  paymentSweep: TOKENS.PaymentSweepSettings,
  callbackSchemes: TOKENS.CallbackSchemes,
  eventSender: TOKENS.EventSender,
  endpointUrlPolicy: TOKENS.EndpointUrlPolicy,
  endpointSecretVault: TOKENS.EndpointSecretVault,
  jobQueue: TOKENS.JobQueue,
  eventLog: TOKENS.EventLog,
  webhookEndpoints: TOKENS.WebhookEndpoints,
  eventDeliveries: TOKENS.EventDeliveries,
  deliverySettings: TOKENS.DeliverySettings,
  agreementTemplates: TOKENS.AgreementTemplates,
  agreements: TOKENS.Agreements,
  agreementRenditions: TOKENS.AgreementRenditions,
  agreementDigests: TOKENS.AgreementDigests,
  agreementDocuments: TOKENS.AgreementDocuments,
  agreementSettings: TOKENS.AgreementSettings,
} as const;

type PortName = keyof typeof PORT_TOKENS;

/** Every port, by name, typed as its token is. */
export type Ports = { readonly [Name in PortName]: (typeof PORT_TOKENS)[Name] extends ServiceIdentifier<infer Port> ? Port : never };

/**
 * The ports of the container, by name, each resolved when first read and kept from then on: a wiring
 * function that reads only some (the reseal's three) needs only those bound; an area lays its own
 * steps over them with `withPorts`, which reads none; a use case reading a port on every request
 * asks the container once.
 *
 * @example
 * bind(TOKENS.DevicesArea).toDynamicValue((context) => devicesArea(portsOf(context)));
 */
export const portsOf = (context: ResolutionContext): Ports => {
  const ports = {};
  for (const name of Object.keys(PORT_TOKENS) as PortName[]) {
    Object.defineProperty(ports, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        const port: unknown = context.get(PORT_TOKENS[name] as ServiceIdentifier);
        Object.defineProperty(ports, name, { enumerable: true, value: port });
        return port;
      },
    });
  }
  return ports as Ports;
};
