import type { DomainError } from '../shared/domain-error.js';

/** The member has not given a national ID yet (404). */
export type NationalIdNotSet = DomainError<'NationalIdNotSet'>;
/** Builds a NationalIdNotSet error. */
export const nationalIdNotSet = (): NationalIdNotSet => ({ _tag: 'NationalIdNotSet', message: 'No national ID on record' });

/** The stored national ID was sealed for another user (a row copied across users): it is never opened for this one (409). */
export type NationalIdMismatch = DomainError<'NationalIdMismatch'>;
/** Builds a NationalIdMismatch error. */
export const nationalIdMismatch = (): NationalIdMismatch => ({
  _tag: 'NationalIdMismatch',
  message: 'The national ID on record was not sealed for this member; they must set it again',
});

/** Any national-ID error. */
export type NationalIdError = NationalIdNotSet | NationalIdMismatch;
