import type { OrganizationSlug } from '../organization/organization-slug.js';

/** A readable, valid UUID from two numbers, so fixtures stay deterministic (no random ids). */
export const fixtureUuid = (prefix: number, n: number): string =>
  `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A valid slug unique to an id (`org-<id>`), for organizations fixtures insert directly. */
export const fixtureSlug = (id: string): OrganizationSlug => `org-${id}` as OrganizationSlug;
