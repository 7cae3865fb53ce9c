import { randomUUID } from 'node:crypto';
import { createAccessTokenVerifier, createIdentityProviderAdmin, createWebhookVerifier } from '@idv/adapters-idp';
import { invitationJobHandlers, pushReceiptJobHandlers } from '@idv/core';
import type { Analytics, Clock, ErrorTracker, IdGenerator, JobHandlers, JobQueue, Logger, WebhookMetrics } from '@idv/core';
import {
  FakeInviteTokens,
  FakeNationalIdVault,
  ImmediateUnitOfWork,
  InMemoryAuditLog,
  InMemoryCallers,
  InMemoryDevices,
  InMemoryInvitations,
  InMemoryPurchases,
  InMemoryMemberships,
  InMemoryNationalIds,
  InMemoryAgreements,
  InMemoryOrganizations,
  InMemoryUsers,
  RecordingNotifications,
  inMemoryEventStores,
  inMemoryInvitationThrottle,
} from '@idv/core/testing';

/** Where the provider is: its admin API, keys and webhook secret. */
export interface ProviderSettings {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
}

/** This team's own logger adapter: JSON lines on stderr (the core logs ids, never tokens or secrets). */
const jsonLinesLogger = (): Logger => {
  const write = (level: string) => (fields: Record<string, unknown>, message: string) => {
    process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields })}\n`);
  };
  return { debug: () => undefined, info: write('info'), warn: write('warn'), error: write('error') };
};

/** No error tracking in this example: defects are logged instead. */
const loggingErrorTracker = (logger: Logger): ErrorTracker => ({
  addBreadcrumb: () => undefined,
  setUser: () => undefined,
  captureException: (error, context) =>
    logger.error({ err: error instanceof Error ? error.message : String(error), ...context }, 'captured'),
});

const noAnalytics: Analytics = { identify: async () => undefined, track: async () => undefined };

/** No metrics in this example: webhook deliveries (by event type and outcome) are not counted. */
const noWebhookMetrics: WebhookMetrics = { delivery: () => undefined };

/**
 * Follow-ups of the use cases (push notifications) run in this process, off the request path, a
 * failure logged: not durable, so a crash loses them. In production bring a durable `JobQueue`
 * (`@idv/adapters-jobs` writes each job in the write's own transaction).
 */
const inProcessJobQueue = (logger: Logger, handlers: () => JobHandlers): JobQueue => ({
  enqueue: async (name, data, options) => {
    const run = () => {
      const handler = handlers()[name];
      if (handler === undefined) return logger.warn({ job: name }, 'no handler for job');
      handler(data).catch((error: unknown) =>
        logger.warn({ job: name, err: error instanceof Error ? error.message : String(error) }, 'job failed'),
      );
    };
    // A job due later (a push receipt) waits on a timer that never keeps the process alive.
    const delayMs = options?.startAfter === undefined ? 0 : options.startAfter.getTime() - Date.now();
    if (delayMs <= 0) setImmediate(run);
    else setTimeout(run, delayMs).unref();
  },
});

/**
 * Every port the core's use cases need. Storage and push notifications are the in-memory adapters of `@idv/core/testing`
 * (swap in your own: each one's contract suite says what it must do); the provider side is the real
 * `@idv/adapters-idp` (jose, standardwebhooks and fetch: no web framework, no ORM).
 */
export const createPorts = (provider: ProviderSettings) => {
  const clock: Clock = { now: () => new Date() };
  const ids: IdGenerator = { uuid: () => randomUUID() };
  const logger = jsonLinesLogger();
  const users = new InMemoryUsers();
  const organizations = new InMemoryOrganizations();
  const memberships = new InMemoryMemberships({
    organizationNameOf: (id) => organizations.nameOf(id),
    emailOf: (userId) => users.emailOf(userId),
  });
  // Push notifications (invitations, membership changes) go to the devices users register; this
  // example registers none and records what would be sent.
  const devices = new InMemoryDevices((userId) => {
    const user = users.byId(userId);
    return user === undefined ? undefined : { locale: user.locale, deleted: user.deletedAt !== null };
  });
  const notifications = new RecordingNotifications();
  const invitations = new InMemoryInvitations();
  const settings = { appUrl: 'http://localhost:3000', invitationTtlDays: 7 };
  const idpAdmin = createIdentityProviderAdmin({ apiUrl: provider.apiUrl, secretKey: provider.secretKey });
  const pushSettings = { receiptDelaySeconds: 900 };
  const jobQueue: JobQueue = inProcessJobQueue(logger, () => {
    const notify = { devices, notifications, logger, jobQueue, clock, pushSettings };
    return { ...invitationJobHandlers({ ...notify, organizations, idpAdmin, invitations, settings }), ...pushReceiptJobHandlers(notify) };
  });
  return {
    users,
    callers: new InMemoryCallers(users, memberships),
    organizations,
    memberships,
    devices,
    notifications,
    jobQueue,
    invitations,
    // Purchases complete when their membership is accepted; this example sells nothing.
    purchases: new InMemoryPurchases(),
    auditLog: new InMemoryAuditLog(),
    // Outbound events reach the feed only here: this example has no webhook endpoints, so no deliveries.
    ...inMemoryEventStores(),
    nationalIds: new InMemoryNationalIds(),
    // Deleting a user erases the national IDs their signed agreements hold; this example has none.
    agreements: new InMemoryAgreements({ membership: () => undefined, version: () => undefined }),
    nationalIdVault: new FakeNationalIdVault(),
    inviteTokens: new FakeInviteTokens(),
    invitationThrottle: inMemoryInvitationThrottle(clock),
    unitOfWork: new ImmediateUnitOfWork(),
    clock,
    ids,
    logger,
    analytics: noAnalytics,
    errorTracker: loggingErrorTracker(logger),
    verifier: createAccessTokenVerifier({
      publishableKey: provider.publishableKey,
      apiUrl: provider.apiUrl,
      secretKey: provider.secretKey,
    }),
    webhookVerifier: createWebhookVerifier(provider.webhookSecret),
    webhookMetrics: noWebhookMetrics,
    idpAdmin,
    settings,
    testAuthBypass: false,
  };
};

/** The ports `createPorts` builds. */
export type Ports = ReturnType<typeof createPorts>;
