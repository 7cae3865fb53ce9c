export type { Clock } from './shared/clock.js';
export type { IdGenerator } from './shared/id-generator.js';
export type { Logger } from './shared/logger.js';
export type { Breadcrumb, ErrorTracker } from './shared/error-tracker.js';
export type { Analytics } from './shared/analytics.js';
export type { UnitOfWork } from './shared/unit-of-work.js';
export type { DomainError } from './shared/domain-error.js';
export { describeErrors } from './shared/describe-errors.js';

export { IdpUserId, UserId } from './identity/identifiers.js';
export { Email } from './identity/email.js';
export type { User, ProviderUser } from './identity/user.js';
export { isDeleted } from './identity/user.js';
export type { AuthPayload } from './identity/auth-payload.js';
export { PLATFORM_ADMIN_ROLE } from './identity/auth-payload.js';
export { unauthenticated, userDeleted, userNotFound } from './identity/identity.errors.js';
export type { IdentityError, Unauthenticated, UserDeleted, UserNotFound } from './identity/identity.errors.js';
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
export type { IdentityProviderAdmin } from './identity/ports/identity-provider-admin.js';
export type { CreateProviderInvitationInput, CreateProviderOrganizationInput, ProviderInvitation, ProviderInvitationStatus } from './identity/ports/identity-provider-admin.js';
export type { AccessTokenVerifier, VerifiedSessionToken } from './identity/ports/access-token-verifier.js';
export type { WebhookSignatureHeaders, WebhookVerifier } from './identity/ports/webhook-verifier.js';

export { authenticateRequest } from './identity/use-cases/authenticate-request.js';
export type { AuthenticateRequestDeps, RequestCredentials } from './identity/use-cases/authenticate-request.js';
export { handleIdpWebhook } from './identity/use-cases/handle-idp-webhook.js';
export type { HandleIdpWebhookDeps, IdpWebhookDelivery, WebhookReceipt } from './identity/use-cases/handle-idp-webhook.js';
export { handleUserCreated } from './identity/use-cases/handle-user-created.js';
export { handleUserUpdated } from './identity/use-cases/handle-user-updated.js';
export { handleUserDeleted } from './identity/use-cases/handle-user-deleted.js';
export { deleteSelf } from './identity/use-cases/delete-self.js';
export type { DeleteSelfDeps, DeleteSelfInput } from './identity/use-cases/delete-self.js';
export { getMe } from './identity/use-cases/get-me.js';
export type { GetMeDeps, Me } from './identity/use-cases/get-me.js';
export { mirrorProviderUser } from './identity/use-cases/mirror-provider-user.js';
export type { MirrorProviderUserDeps } from './identity/use-cases/mirror-provider-user.js';

export { Role, MembershipStatus } from './membership/membership.js';
export type { MembershipSummary } from './membership/membership.js';
export type { Memberships } from './membership/ports/memberships.js';

export { acceptPendingInvitations } from './invitation/use-cases/accept-pending-invitations.js';
export type { AcceptPendingInvitations, AcceptedInvitations } from './invitation/use-cases/accept-pending-invitations.js';
