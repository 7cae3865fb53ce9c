import * as t from 'io-ts';
import { Role } from './membership.js';

/** What a caller may do in an organization (ARCHITECTURE §3). */
export const Capability = t.keyof(
  {
    'organization.read': null,
    'organization.update': null,
    'organization.delete': null,
    'billing.read': null,
    'billing.manage': null,
    'members.list': null,
    'members.invite': null,
    'members.manage': null,
    'members.message': null,
    'workouts.build': null,
    'sessions.run': null,
    'compliance.read': null,
    'ownership.transfer': null,
    'audit.read': null,
    'integrations.manage': null,
    'agreements.manage': null,
  },
  'Capability',
);
/** A capability. */
export type Capability = t.TypeOf<typeof Capability>;

const ALL = Object.keys(Role.keys) as readonly Role[];
const STAFF: readonly Role[] = ['owner', 'admin', 'coach'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const OWNER: readonly Role[] = ['owner'];

/** The capability table: which roles hold each capability (only `active` memberships hold any). */
export const CAPABILITY_ROLES: { readonly [C in Capability]: readonly Role[] } = {
  'organization.read': ALL,
  'organization.update': MANAGERS,
  'organization.delete': OWNER,
  'billing.read': STAFF,
  'billing.manage': OWNER,
  'members.list': STAFF,
  'members.invite': MANAGERS,
  'members.manage': MANAGERS,
  'members.message': STAFF,
  'workouts.build': STAFF,
  'sessions.run': STAFF,
  'compliance.read': MANAGERS,
  'ownership.transfer': OWNER,
  'audit.read': MANAGERS,
  'integrations.manage': MANAGERS,
  'agreements.manage': MANAGERS,
};

/** Whether a role holds a capability. Which roles a holder may grant or manage is `canGrant`/`canManage`. */
export const can = (role: Role, capability: Capability): boolean => CAPABILITY_ROLES[capability].includes(role);

/**
 * What a Platform Admin may do in any organization without being a member: find it and its
 * members, and the owner-protected operations (transfer, suspend, reinstate, remove an owner).
 */
export const PLATFORM_ADMIN_CAPABILITIES: readonly Capability[] = [
  'organization.read',
  'members.list',
  'members.manage',
  'ownership.transfer',
];
