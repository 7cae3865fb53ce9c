import * as t from 'io-ts';

/** The languages an agreement's text is written in. */
export const AgreementLanguage = t.keyof({ en: null, tr: null }, 'AgreementLanguage');
/** `en` or `tr`. */
export type AgreementLanguage = t.TypeOf<typeof AgreementLanguage>;

/** What an agreement is for: a liability waiver, a membership agreement, or anything else a gym asks. */
export const AgreementKind = t.keyof({ waiver: null, membership: null, other: null }, 'AgreementKind');
/** `waiver`, `membership` or `other`. */
export type AgreementKind = t.TypeOf<typeof AgreementKind>;

/** How an agreement's text is written: plain text, or the limited Markdown of `agreementTextBlocks`. */
export const AgreementTextFormat = t.keyof({ plain: null, markdown: null }, 'AgreementTextFormat');
/** `plain` or `markdown`. */
export type AgreementTextFormat = t.TypeOf<typeof AgreementTextFormat>;
