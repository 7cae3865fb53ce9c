// Web: the edge middleware's guard and the server components' fetch (`@idv/client/web`).
export { createRouteGuard, ALWAYS_PUBLIC_ROUTES, SPEC_PROTECTED_ROUTES, SPEC_PUBLIC_ROUTES } from './web/route-guard.js';
export type { GuardDecision, GuardRequest, RouteGuardConfig } from './web/route-guard.js';
export { isDocumentRequest } from './web/document-request.js';
export type { HeaderReader } from './web/document-request.js';
export { signInRedirect } from './web/sign-in-redirect.js';
export { readWebConfig } from './web/web-config.js';
export type { WebConfig } from './web/web-config.js';
export { createServerFetch } from './web/server-fetch.js';
export type { ServerFetch, ServerFetchConfig } from './web/server-fetch.js';
export { authResetPath } from './web/auth-reset-path.js';
export type { AuthResetOptions } from './web/auth-reset-path.js';
export { readAuthReset } from './web/auth-reset-action.js';
export type { AuthResetAction } from './web/auth-reset-action.js';
// The API client, browser and mobile (`@idv/client/api`, also in `@idv/client/mobile`).
export { createApiClient } from './api/api-client.js';
export type { ApiClient, ApiClientConfig, ApiRequestInit, RawRequest } from './api/api-client.js';
export { SignedOutError } from './api/signed-out-error.js';
// Mobile: secure storage and the ordered sign-out (`@idv/client/mobile`).
export { createSecureTokenCache } from './mobile/secure-token-cache.js';
export type { CorruptionReason, SecureKV, SecureTokenCacheOptions, TokenCache } from './mobile/secure-token-cache.js';
export { createSignOutSequence, devicePath, revokeDevice } from './mobile/sign-out-sequence.js';
export type { PushTokenRevoke, SignOutStep, SignOutSteps } from './mobile/sign-out-sequence.js';
// Invitation links and app links (`@idv/client/links`).
export { parseInvitationLink } from './links/invitation-link.js';
export type { InvitationLinkOptions, TicketStatus } from './links/invitation-link.js';
export { createTicketConsumer } from './links/ticket-consumer.js';
export { invitationRedirectUrl } from './links/invitation-redirect-url.js';
export { appleAppSiteAssociation } from './links/apple-app-site-association.js';
export type { AppleAppSiteAssociation, AppleAppSiteAssociationOptions } from './links/apple-app-site-association.js';
export { assetLinks } from './links/asset-links.js';
export type { AssetLinkStatement } from './links/asset-links.js';
export { wellKnownResponse } from './links/well-known-response.js';
export type { WellKnownResponse } from './links/well-known-response.js';
export { expoLinkingConfig } from './links/expo-linking-config.js';
export type { ExpoLinkingConfig } from './links/expo-linking-config.js';
// A visitor's purchase: started once per Idempotency-Key, then followed (`@idv/client/purchase`).
export { startPurchase, PurchaseWatchError, TERMINAL_PURCHASE_STATUSES, watchPurchase } from './purchase/index.js';
export type {
  PurchaseFailure,
  PurchaseOrder,
  PurchaseProgress,
  PurchaseSummary,
  StartedPurchase,
  StartPurchaseRequest,
  StartPurchaseResult,
  Wait,
  WatchPurchaseRequest,
} from './purchase/index.js';
