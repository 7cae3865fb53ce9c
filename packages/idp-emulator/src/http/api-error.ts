/** One entry of the provider's error envelope. */
export interface ApiErrorEntry {
  readonly message: string;
  readonly long_message: string;
  readonly code: string;
  readonly meta?: Record<string, unknown>;
}

/** An expected 4xx answer, rendered as the provider's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly entry: ApiErrorEntry,
    readonly headers: Record<string, string> = {},
  ) {
    super(entry.message);
    this.name = 'ApiError';
  }
}

const err = (status: number, code: string, message: string, long_message: string, meta?: Record<string, unknown>) =>
  new ApiError(status, meta === undefined ? { message, long_message, code } : { message, long_message, code, meta });

/** 401 `clerk_key_invalid` (the real code: the SDK maps it to `secret-key-invalid`). */
export const keyInvalid = (): ApiError => {
  const text = 'The provided Clerk Secret Key is invalid. Make sure that your Clerk Secret Key is correct.';
  return err(401, 'clerk_key_invalid', text, text);
};

/** 404 `resource_not_found`. */
export const notFound = (longMessage: string): ApiError => err(404, 'resource_not_found', 'not found', longMessage);

/** 422 `form_param_missing`. */
export const paramMissing = (param: string): ApiError =>
  err(422, 'form_param_missing', 'is missing', `${param} must be included.`, { param_name: param });

/** 422 `form_param_format_invalid`. */
export const paramInvalid = (param: string, longMessage = `${param} is invalid.`): ApiError =>
  err(422, 'form_param_format_invalid', 'is invalid', longMessage, { param_name: param });

/** 422 `form_identifier_exists`. */
export const identifierExists = (param: string): ApiError =>
  err(
    422,
    'form_identifier_exists',
    'That email address is taken. Please try another.',
    'That email address is taken. Please try another.',
    { param_name: param },
  );

/** 422 `form_identifier_not_found` (sign-in with an unknown identifier). */
export const identifierNotFound = (): ApiError =>
  err(422, 'form_identifier_not_found', "Couldn't find your account.", "Couldn't find your account.", { param_name: 'identifier' });

/** 422 `form_password_incorrect` (sign-in with a wrong password). */
export const passwordIncorrect = (): ApiError =>
  err(
    422,
    'form_password_incorrect',
    'Password is incorrect. Try again, or use another method.',
    'Password is incorrect. Try again, or use another method.',
    { param_name: 'password' },
  );

/** 400 `request_body_invalid`. */
export const bodyInvalid = (): ApiError =>
  err(
    400,
    'request_body_invalid',
    'Request body invalid',
    'The request body is invalid. Please consult the API documentation for more information.',
  );

/** 400 `duplicate_record` for an email that already has a pending invitation. */
export const duplicateInvitation = (email: string): ApiError =>
  err(
    400,
    'duplicate_record',
    'duplicate invitation',
    `There are already pending invitations for the following email addresses: ${email}`,
    { param_name: 'email_address' },
  );

/** A 400 with an arbitrary invitation/ticket code (`revoked_invitation`, `invitation_already_accepted`, …). */
export const badRequest = (code: string, message: string): ApiError => err(400, code, message, message);

/** 429 `too_many_requests` with `Retry-After` in seconds. */
export const tooManyRequests = (retryAfterSeconds: number): ApiError =>
  new ApiError(
    429,
    { message: 'Too many requests', long_message: 'Too many requests, retry later', code: 'too_many_requests' },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** 500 `internal_clerk_error`, only for defects in the emulator itself. */
export const internalError = (): ApiError =>
  err(
    500,
    'internal_clerk_error',
    'Oops, an unexpected error occurred',
    "There was an internal error on our servers. We've been notified and are working on fixing it.",
  );
