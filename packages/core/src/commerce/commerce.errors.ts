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

/** Any commerce-area error. */
export type CommerceError = PlanNotFound | PlanArchived | IdempotencyKeyRequired | IdempotencyKeyReused | IdempotencyKeyInProgress;
