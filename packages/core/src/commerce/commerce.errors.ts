import type { DomainError } from '../shared/domain-error.js';

/** No such plan in this organization (404). */
export type PlanNotFound = DomainError<'PlanNotFound'>;
/** Builds a PlanNotFound error. */
export const planNotFound = (): PlanNotFound => ({ _tag: 'PlanNotFound', message: 'Plan not found' });

/** The plan is archived: it takes no change (409). */
export type PlanArchived = DomainError<'PlanArchived'>;
/** Builds a PlanArchived error. */
export const planArchived = (): PlanArchived => ({ _tag: 'PlanArchived', message: 'This plan is archived and cannot be changed' });

/** The request needs an `Idempotency-Key` header (400). */
export type IdempotencyKeyRequired = DomainError<'IdempotencyKeyRequired'>;
/** Builds an IdempotencyKeyRequired error. */
export const idempotencyKeyRequired = (): IdempotencyKeyRequired => ({
  _tag: 'IdempotencyKeyRequired',
  message: 'An Idempotency-Key header (8 to 255 visible ASCII characters) is required',
});

/** This `Idempotency-Key` was first sent with another body (422). */
export type IdempotencyKeyReused = DomainError<'IdempotencyKeyReused'>;
/** Builds an IdempotencyKeyReused error. */
export const idempotencyKeyReused = (): IdempotencyKeyReused => ({
  _tag: 'IdempotencyKeyReused',
  message: 'This Idempotency-Key was used with another request body',
});

/** The first request with this `Idempotency-Key` is still being answered (409): retry shortly. */
export type IdempotencyKeyInProgress = DomainError<'IdempotencyKeyInProgress'>;
/** Builds an IdempotencyKeyInProgress error. */
export const idempotencyKeyInProgress = (): IdempotencyKeyInProgress => ({
  _tag: 'IdempotencyKeyInProgress',
  message: 'A request with this Idempotency-Key is still being answered; retry shortly',
});

/** Every seat of the plan is taken (409). */
export type PlanSoldOut = DomainError<'PlanSoldOut'>;
/** Builds a PlanSoldOut error. */
export const planSoldOut = (): PlanSoldOut => ({ _tag: 'PlanSoldOut', message: 'This plan is sold out' });

/** No such purchase, or a status token that is not this purchase's (404 either way: no enumeration). */
export type PurchaseNotFound = DomainError<'PurchaseNotFound'>;
/** Builds a PurchaseNotFound error. */
export const purchaseNotFound = (): PurchaseNotFound => ({ _tag: 'PurchaseNotFound', message: 'Purchase not found' });

/** The purchase's status token has expired (410). */
export type StatusTokenExpired = DomainError<'StatusTokenExpired'>;
/** Builds a StatusTokenExpired error. */
export const statusTokenExpired = (): StatusTokenExpired => ({ _tag: 'StatusTokenExpired', message: 'This status link has expired' });

/** A plan names agreement templates the organization does not have, or has archived (400). */
export type UnknownAgreementTemplates = DomainError<'UnknownAgreementTemplates'>;
/** Builds an UnknownAgreementTemplates error naming the ids. */
export const unknownAgreementTemplates = (ids: readonly string[]): UnknownAgreementTemplates => ({
  _tag: 'UnknownAgreementTemplates',
  message: `Unknown or archived agreement templates: ${ids.join(', ')}`,
});

/** The bot check's token is missing, invalid, expired or already used (403). */
export type BotCheckFailed = DomainError<'BotCheckFailed'>;
/** Builds a BotCheckFailed error. */
export const botCheckFailed = (): BotCheckFailed => ({
  _tag: 'BotCheckFailed',
  message: 'The bot check failed; complete the challenge again and send its new token',
});

/** Too many purchases from this address or for this email (429, with `Retry-After`). */
export interface PurchaseRateLimited extends DomainError<'PurchaseRateLimited'> {
  /** Whole seconds until the budget that refused allows another purchase (the `Retry-After`). */
  readonly retryAfterSeconds: number;
}
/** Builds a PurchaseRateLimited error. */
export const purchaseRateLimited = (retryAfterSeconds: number): PurchaseRateLimited => ({
  _tag: 'PurchaseRateLimited',
  message: 'Too many purchases; try again later',
  retryAfterSeconds,
});

/** Any commerce-area error. */
export type CommerceError =
  | PlanNotFound
  | PlanArchived
  | PlanSoldOut
  | PurchaseNotFound
  | StatusTokenExpired
  | BotCheckFailed
  | PurchaseRateLimited
  | IdempotencyKeyRequired
  | IdempotencyKeyReused
  | IdempotencyKeyInProgress
  | UnknownAgreementTemplates;
