import * as t from 'io-ts';
import { InvitationId, MembershipId, OrganizationId, OrganizationName, OrganizationSlug, PageQuery, Role } from '@idv/core';

/** `:orgId`. */
export const OrganizationParams = t.type({ orgId: OrganizationId }, 'OrganizationParams');
/** `:orgId/members/:membershipId`. */
export const MemberParams = t.type({ orgId: OrganizationId, membershipId: MembershipId }, 'MemberParams');
/** `:orgId/invitations/:invitationId`. */
export const InvitationParams = t.type({ orgId: OrganizationId, invitationId: InvitationId }, 'InvitationParams');

/** `POST /organizations` (its slug comes from its name). */
export const OrganizationBody = t.type({ name: OrganizationName }, 'OrganizationBody');
/** `PATCH /organizations/:orgId`: a new name, a new slug, or both. */
export const OrganizationChangesBody = t.partial({ name: OrganizationName, slug: OrganizationSlug }, 'OrganizationChangesBody');
/** `PATCH …/members/:membershipId`. */
export const RoleChangeBody = t.type({ role: Role }, 'RoleChangeBody');
/** `POST …/ownership-transfer`. */
export const OwnershipTransferBody = t.type({ membershipId: MembershipId }, 'OwnershipTransferBody');

/** `?include=cancelled` on the roster, with pagination. */
export const RosterQuery = t.intersection([PageQuery, t.partial({ include: t.literal('cancelled') })], 'RosterQuery');
