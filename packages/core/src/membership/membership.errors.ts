import type { DomainError } from '../shared/domain-error.js';
import type { Capability } from './capability.js';
import type { MembershipStatus, Role } from './membership.js';

/** The caller belongs to the organization but may not do this (403). */
export interface Forbidden extends DomainError<'Forbidden'> {
  readonly capability: Capability;
}
/** Builds a Forbidden error. */
export const forbidden = (capability: Capability, message = 'You are not allowed to do this in this organization'): Forbidden => ({
  _tag: 'Forbidden',
  message,
  capability,
});

/** No such membership in this organization (404). */
export type MembershipNotFound = DomainError<'MembershipNotFound'>;
/** Builds a MembershipNotFound error. */
export const membershipNotFound = (): MembershipNotFound => ({ _tag: 'MembershipNotFound', message: 'Membership not found' });

/** The caller may not grant this role: never at or above their own rank, and `owner` only by transfer (403). */
export interface CannotGrantRole extends DomainError<'CannotGrantRole'> {
  readonly role: Role;
}
/** Builds a CannotGrantRole error. */
export const cannotGrantRole = (role: Role): CannotGrantRole => ({
  _tag: 'CannotGrantRole',
  message: role === 'owner' ? 'Ownership moves only by transfer' : `You cannot grant the role ${role}`,
  role,
});

/** The target's rank is not strictly below the caller's (403). */
export interface CannotManageMember extends DomainError<'CannotManageMember'> {
  readonly targetRole: Role;
}
/** Builds a CannotManageMember error. */
export const cannotManageMember = (targetRole: Role): CannotManageMember => ({
  _tag: 'CannotManageMember',
  message: `You cannot manage a member with the role ${targetRole}`,
  targetRole,
});

/** The owner cannot be demoted, suspended or removed except by a Platform Admin; never simply demoted (403). */
export type OwnerProtected = DomainError<'OwnerProtected'>;
/** Builds an OwnerProtected error. */
export const ownerProtected = (
  message = 'The owner cannot be demoted, suspended or removed; transfer ownership first',
): OwnerProtected => ({
  _tag: 'OwnerProtected',
  message,
});

/** The owner cannot leave; ownership must be transferred first (409). */
export type OwnerCannotLeave = DomainError<'OwnerCannotLeave'>;
/** Builds an OwnerCannotLeave error. */
export const ownerCannotLeave = (): OwnerCannotLeave => ({
  _tag: 'OwnerCannotLeave',
  message: 'The owner cannot leave; transfer ownership first',
});

/** The membership's status does not allow this change (e.g. suspending a suspended member) (409). */
export interface InvalidMembershipTransition extends DomainError<'InvalidMembershipTransition'> {
  readonly from: MembershipStatus;
}
/** Builds an InvalidMembershipTransition error. */
export const invalidMembershipTransition = (from: MembershipStatus, action: string): InvalidMembershipTransition => ({
  _tag: 'InvalidMembershipTransition',
  message: `A ${from} membership cannot be ${action}`,
  from,
});

/** Another request changed the membership between our read and our guarded write; retrying is safe (409). */
export type MembershipChangedConcurrently = DomainError<'MembershipChangedConcurrently'>;
/** Builds a MembershipChangedConcurrently error. */
export const membershipChangedConcurrently = (): MembershipChangedConcurrently => ({
  _tag: 'MembershipChangedConcurrently',
  message: 'The membership changed meanwhile; try again',
});

/** Any membership-area error (authorization failures included). */
export type MembershipError =
  | Forbidden
  | MembershipNotFound
  | CannotGrantRole
  | CannotManageMember
  | OwnerProtected
  | OwnerCannotLeave
  | InvalidMembershipTransition
  | MembershipChangedConcurrently;
