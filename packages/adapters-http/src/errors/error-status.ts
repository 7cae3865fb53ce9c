import type {
  CommerceError,
  AgreementError,
  DeleteSelfError,
  EventsError,
  IdentityError,
  IdpWebhookError,
  InvitationError,
  MembershipError,
  NationalIdError,
  OrganizationError,
  CallbackRejection,
  PaymentError,
} from '@idv/core';

/** Errors the HTTP edge itself raises (routing, body framing, decoding, readiness). */
export type HttpEdgeErrorCode =
  | 'BadRequest'
  | 'ValidationFailed'
  | 'RouteNotFound'
  | 'MethodNotAllowed'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  | 'NotImplemented'
  | 'RateLimited'
  | 'NotReady'
  | 'InternalError';

/** Every domain error a use case can answer with. */
export type AnyDomainError =
  | IdentityError
  | DeleteSelfError
  | IdpWebhookError
  | OrganizationError
  | MembershipError
  | InvitationError
  | NationalIdError
  | PaymentError
  | CommerceError
  | CallbackRejection
  | EventsError
  | AgreementError;

/** Every public error code the API can answer with. */
export type ErrorCode = AnyDomainError['_tag'] | HttpEdgeErrorCode;

/**
 * The one map from error code to HTTP status (ARCHITECTURE §5). A new domain error fails to
 * compile until it has a row here.
 */
export const ERROR_STATUS: { readonly [Code in ErrorCode]: number } = {
  MissingSignatureHeaders: 400,
  InvalidWebhookSignature: 400,
  MalformedWebhookEvent: 400,
  MalformedCallback: 400,
  CardRequired: 400,
  PaymentProviderNotEnabled: 400,
  MissingSignature: 401,
  InvalidSignature: 401,
  PaymentNotFound: 404,
  WebhookEndpointNotFound: 404,
  DeliveryNotFound: 404,
  EndpointUrlRefused: 422,
  WebhookSecretsUnavailable: 503,
  NationalIdRequired: 409,
  PaymentRefused: 422,
  PaymentSubscriptionExists: 409,
  PaymentInFlight: 409,
  SubscriptionNotVerified: 422,
  PaymentProviderUnavailable: 503,
  SchemeNotConfigured: 503,
  BadRequest: 400,
  ValidationFailed: 400,
  InvalidInvitationToken: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  CannotGrantRole: 403,
  CannotManageMember: 403,
  NotTheInvitee: 403,
  EmailNotVerified: 403,
  PlatformAdminOnly: 403,
  UserNotFound: 404,
  RouteNotFound: 404,
  OrganizationNotFound: 404,
  SlugTaken: 409,
  PlanNotFound: 404,
  PlanArchived: 409,
  UnknownAgreementTemplates: 400,
  PlanSoldOut: 409,
  BotCheckFailed: 403,
  PurchaseRateLimited: 429,
  PurchaseNotFound: 404,
  StatusTokenExpired: 410,
  IdempotencyKeyRequired: 400,
  IdempotencyKeyReused: 422,
  IdempotencyKeyInProgress: 409,
  MembershipNotFound: 404,
  InvitationNotFound: 404,
  NationalIdNotSet: 404,
  MethodNotAllowed: 405,
  OwnerMustTransferOwnership: 409,
  OwnerProtected: 409,
  OwnerCannotLeave: 409,
  AlreadyMember: 409,
  InvitationAlreadyPending: 409,
  InvitationNotPending: 409,
  InvalidMembershipTransition: 409,
  MembershipChangedConcurrently: 409,
  // The stored value belongs to another user: the member's record conflicts with its owner until they set it again; not a defect of this request.
  NationalIdMismatch: 409,
  UserDeleted: 410,
  InvitationExpired: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RateLimited: 429,
  InvitationRateLimited: 429,
  AgreementTemplateNotFound: 404,
  AgreementNotFound: 404,
  AgreementLinkNotFound: 404,
  AgreementTemplateArchived: 409,
  AgreementNotPending: 409,
  AgreementNotSigned: 409,
  MembershipNotRequestable: 409,
  AgreementLinkExpired: 410,
  AgreementLinkUsed: 410,
  AgreementInputInvalid: 400,
  InternalError: 500,
  NotImplemented: 501,
  NotReady: 503,
  AuthenticationUnavailable: 503,
  IdentityProviderUnavailable: 503,
};
