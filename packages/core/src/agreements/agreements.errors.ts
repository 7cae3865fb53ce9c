import type { DomainError } from '../shared/domain-error.js';

/** No such template in this organization (404). */
export type AgreementTemplateNotFound = DomainError<'AgreementTemplateNotFound'>;
/** Builds an AgreementTemplateNotFound error. */
export const agreementTemplateNotFound = (): AgreementTemplateNotFound => ({
  _tag: 'AgreementTemplateNotFound',
  message: 'Agreement template not found',
});

/** The template is archived: no new request may use it (409). */
export type AgreementTemplateArchived = DomainError<'AgreementTemplateArchived'>;
/** Builds an AgreementTemplateArchived error. */
export const agreementTemplateArchived = (): AgreementTemplateArchived => ({
  _tag: 'AgreementTemplateArchived',
  message: 'The agreement template is archived',
});

/** No such agreement for this member or caller (404). */
export type AgreementNotFound = DomainError<'AgreementNotFound'>;
/** Builds an AgreementNotFound error. */
export const agreementNotFound = (): AgreementNotFound => ({ _tag: 'AgreementNotFound', message: 'Agreement not found' });

/** The agreement is not pending any more (signed or revoked): it cannot be changed (409). */
export type AgreementNotPending = DomainError<'AgreementNotPending'>;
/** Builds an AgreementNotPending error. */
export const agreementNotPending = (status: string): AgreementNotPending => ({
  _tag: 'AgreementNotPending',
  message: `The agreement is ${status}`,
});

/** The agreement is not signed yet: there is no document (409). */
export type AgreementNotSigned = DomainError<'AgreementNotSigned'>;
/** Builds an AgreementNotSigned error. */
export const agreementNotSigned = (): AgreementNotSigned => ({ _tag: 'AgreementNotSigned', message: 'The agreement is not signed' });

/** The membership cannot be asked to sign (cancelled) (409). */
export type MembershipNotRequestable = DomainError<'MembershipNotRequestable'>;
/** Builds a MembershipNotRequestable error. */
export const membershipNotRequestable = (status: string): MembershipNotRequestable => ({
  _tag: 'MembershipNotRequestable',
  message: `A membership that is ${status} cannot be asked to sign`,
});

/** No signing link has this token (404). */
export type AgreementLinkNotFound = DomainError<'AgreementLinkNotFound'>;
/** Builds an AgreementLinkNotFound error. */
export const agreementLinkNotFound = (): AgreementLinkNotFound => ({ _tag: 'AgreementLinkNotFound', message: 'Signing link not found' });

/** The signing link expired (410). */
export type AgreementLinkExpired = DomainError<'AgreementLinkExpired'>;
/** Builds an AgreementLinkExpired error. */
export const agreementLinkExpired = (): AgreementLinkExpired => ({ _tag: 'AgreementLinkExpired', message: 'The signing link has expired' });

/** The signing link was used, replaced by a newer one, or revoked (410). */
export type AgreementLinkUsed = DomainError<'AgreementLinkUsed'>;
/** Builds an AgreementLinkUsed error. */
export const agreementLinkUsed = (): AgreementLinkUsed => ({
  _tag: 'AgreementLinkUsed',
  message: 'The signing link was already used or is no longer valid',
});

/** A signature's input the agreement refuses, naming the fields (400); never repeats a national ID. */
export interface AgreementInputInvalid extends DomainError<'AgreementInputInvalid'> {
  readonly fields: readonly string[];
}
/** Builds an AgreementInputInvalid error. */
export const agreementInputInvalid = (problems: Readonly<Record<string, string>>): AgreementInputInvalid => ({
  _tag: 'AgreementInputInvalid',
  message: Object.entries(problems)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('\n'),
  fields: Object.keys(problems),
});

/** What the signing links answer when they do not open: the same cost every time (one SHA-256, one lookup). */
export type AgreementLinkError = AgreementLinkNotFound | AgreementLinkExpired | AgreementLinkUsed;

/** Every agreements error. */
export type AgreementError =
  | AgreementTemplateNotFound
  | AgreementTemplateArchived
  | AgreementNotFound
  | AgreementNotPending
  | AgreementNotSigned
  | MembershipNotRequestable
  | AgreementLinkError
  | AgreementInputInvalid;
