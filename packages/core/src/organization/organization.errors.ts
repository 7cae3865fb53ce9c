import type { DomainError } from '../shared/domain-error.js';

/** No such organization, or the caller does not belong to it (404 either way: no enumeration). */
export type OrganizationNotFound = DomainError<'OrganizationNotFound'>;
/** Builds an OrganizationNotFound error. */
export const organizationNotFound = (): OrganizationNotFound => ({ _tag: 'OrganizationNotFound', message: 'Organization not found' });

/** Any organization-area error. */
export type OrganizationError = OrganizationNotFound;
