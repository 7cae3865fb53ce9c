import type { IdentityError, IdpWebhookError } from '@idv/core';

/** Errors the HTTP edge itself raises (routing, body framing, readiness). */
export type HttpEdgeErrorCode =
  | 'BadRequest'
  | 'RouteNotFound'
  | 'MethodNotAllowed'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  | 'NotReady'
  | 'InternalError';

/** Every public error code the API can answer with. */
export type ErrorCode = IdentityError['_tag'] | IdpWebhookError['_tag'] | HttpEdgeErrorCode;

/**
 * The one map from error code to HTTP status (ARCHITECTURE §5). A new domain error fails to
 * compile until it has a row here.
 */
export const ERROR_STATUS: { readonly [Code in ErrorCode]: number } = {
  MissingSignatureHeaders: 400,
  InvalidWebhookSignature: 400,
  MalformedWebhookEvent: 400,
  BadRequest: 400,
  Unauthenticated: 401,
  UserNotFound: 404,
  RouteNotFound: 404,
  MethodNotAllowed: 405,
  UserDeleted: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  InternalError: 500,
  NotReady: 503,
};
