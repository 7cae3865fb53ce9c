import type { DomainError } from '../shared/domain-error.js';

/** No such organization, or the caller does not belong to it (404 either way: no enumeration). */
export type OrganizationNotFound = DomainError<'OrganizationNotFound'>;
/** Builds an OrganizationNotFound error. */
export const organizationNotFound = (): OrganizationNotFound => ({ _tag: 'OrganizationNotFound', message: 'Organization not found' });

/** Only a Platform Admin (a session whose `role` is `platform_admin`) may do this (403). */
export type PlatformAdminOnly = DomainError<'PlatformAdminOnly'>;
/** Builds a PlatformAdminOnly error. */
export const platformAdminOnly = (): PlatformAdminOnly => ({ _tag: 'PlatformAdminOnly', message: 'Only a Platform Admin may do this' });

/** Another organization, live or deleted, holds this slug (409): a slug is never reused. */
export type SlugTaken = DomainError<'SlugTaken'>;
/** Builds a SlugTaken error. */
export const slugTaken = (): SlugTaken => ({ _tag: 'SlugTaken', message: 'This slug is taken' });

/** Any organization-area error. */
export type OrganizationError = OrganizationNotFound | PlatformAdminOnly | SlugTaken;
