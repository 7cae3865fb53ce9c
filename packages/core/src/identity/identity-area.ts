import type { PushDeps } from '../invitation/announcements.js';
import { acceptPendingInvitations } from '../invitation/use-cases/accept-pending-invitations.js';
import type { InvitationStepsDeps } from '../invitation/invitation-steps.js';
import type { ErrorTracker } from '../shared/error-tracker.js';
import type { AccessTokenVerifier } from './ports/access-token-verifier.js';
import type { Callers } from './ports/callers.js';
import type { WebhookMetrics } from './ports/webhook-metrics.js';
import type { WebhookVerifier } from './ports/webhook-verifier.js';
import { authenticateRequest } from './use-cases/authenticate-request.js';
import { deleteSelf, type DeleteSelfDeps } from './use-cases/delete-self.js';
import { getMe, type GetMeDeps } from './use-cases/get-me.js';
import { handleIdpWebhook } from './use-cases/handle-idp-webhook.js';
import { setNationalId, type SetNationalIdDeps } from './use-cases/set-national-id.js';
import { syncUsers } from './use-cases/sync-users.js';
import { resealNationalIds } from './use-cases/reseal-national-ids.js';
import { withPorts } from '../shared/with-ports.js';

/** Every port the identity area needs, by name. */
export interface IdentityPorts
  extends Omit<GetMeDeps, 'acceptPendingInvitations'>, DeleteSelfDeps, SetNationalIdDeps, InvitationStepsDeps, PushDeps {
  readonly verifier: AccessTokenVerifier;
  readonly callers: Callers;
  readonly webhookVerifier: WebhookVerifier;
  readonly webhookMetrics: WebhookMetrics;
  readonly errorTracker: ErrorTracker;
  /** `TEST_AUTH_BYPASS`; the composition root never turns it on in production. */
  readonly testAuthBypass: boolean;
}

/**
 * The identity area's use cases bound to their ports: authentication, provider webhooks (which
 * accept pending invitations on `user.created`), `/users/me` with its recovery path, self-deletion,
 * the caller's national ID, and the reconciliation with the provider (`syncUsers`). Adding a use case here is the one wiring step.
 *
 * @example
 * const identity = identityArea({ users, memberships, invitations, auditLog, unitOfWork, … });
 * await identity.getMe(request.auth)();
 */
export const identityArea = (ports: IdentityPorts) => {
  const deps = withPorts(ports, { acceptPendingInvitations: acceptPendingInvitations(ports) });
  return {
    /** Applies the ordered authentication rules (see `authenticateRequest`). */
    authenticateRequest: authenticateRequest(deps),
    /** Receives a provider webhook (see `handleIdpWebhook`). */
    handleIdpWebhook: handleIdpWebhook(deps),
    /** The caller and their memberships, with the recovery path (see `getMe`). */
    getMe: getMe(deps),
    /** Deletes the caller, locally and at the provider (see `deleteSelf`). */
    deleteSelf: deleteSelf(deps),
    /** Stores the caller's national ID, sealed (see `setNationalId`). */
    setNationalId: setNationalId(deps),
    syncUsers: syncUsers(deps),
    /** Re-encrypts stored national IDs under the current key, bound to their users (see `resealNationalIds`). */
    resealNationalIds: resealNationalIds(deps),
  };
};

/** The identity area's bound use cases. */
export type IdentityArea = ReturnType<typeof identityArea>;
