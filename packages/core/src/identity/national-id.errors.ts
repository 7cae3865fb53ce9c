import type { DomainError } from '../shared/domain-error.js';

/** The member has not given a national ID yet (404). */
export type NationalIdNotSet = DomainError<'NationalIdNotSet'>;
/** Builds a NationalIdNotSet error. */
export const nationalIdNotSet = (): NationalIdNotSet => ({ _tag: 'NationalIdNotSet', message: 'No national ID on record' });

/** Any national-ID error. */
export type NationalIdError = NationalIdNotSet;
