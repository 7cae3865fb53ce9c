import type { DomainError } from '../shared/domain-error.js';

/** No such plan in this organization (404). */
export type PlanNotFound = DomainError<'PlanNotFound'>;
/** Builds a PlanNotFound error. */
export const planNotFound = (): PlanNotFound => ({ _tag: 'PlanNotFound', message: 'Plan not found' });

/** The plan is archived: it takes no change (409). */
export type PlanArchived = DomainError<'PlanArchived'>;
/** Builds a PlanArchived error. */
export const planArchived = (): PlanArchived => ({ _tag: 'PlanArchived', message: 'This plan is archived and cannot be changed' });

/** Any commerce-area error. */
export type CommerceError = PlanNotFound | PlanArchived;
