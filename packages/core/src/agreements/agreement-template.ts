import * as t from 'io-ts';
import type { OrganizationId } from '../organization/organization.js';
import { withJsonSchema } from '../shared/json-schema.js';
import { AgreementKind, AgreementTextFormat, type AgreementLanguage } from './agreement-terms.js';

const boundedText = (name: string, max: number) =>
  withJsonSchema(
    new t.Type<string, string, unknown>(
      name,
      (u): u is string => typeof u === 'string' && u.trim() !== '' && u.length <= max,
      (input, context) =>
        typeof input === 'string' && input.trim() !== '' && input.length <= max
          ? t.success(input)
          : t.failure(input, context, `expected a non-empty text of at most ${max} characters`),
      (text) => text,
    ),
    { type: 'string', minLength: 1, maxLength: max },
  );

/** A template's title and body in one language. */
export const AgreementText = t.type(
  { title: boundedText('AgreementTitle', 200), body: boundedText('AgreementBody', 100_000) },
  'AgreementText',
);
/** A title and a body (plain text or limited Markdown, see `agreementTextBlocks`). */
export type AgreementText = t.TypeOf<typeof AgreementText>;

/** The texts of a template version, by language: `en` and/or `tr`. */
export type AgreementTexts = { readonly [L in AgreementLanguage]?: AgreementText };

const TextsCodec = t.partial({ en: AgreementText, tr: AgreementText }, 'AgreementTextsByLanguage');

const TEXT_SCHEMA = {
  type: 'object',
  required: ['title', 'body'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 200 }, body: { type: 'string', minLength: 1, maxLength: 100_000 } },
};

/** The texts by language; at least one of `en` and `tr`. */
export const AgreementTexts = withJsonSchema(
  new t.Type<AgreementTexts, AgreementTexts, unknown>(
    'AgreementTexts',
    (u): u is AgreementTexts => TextsCodec.is(u) && (u.en !== undefined || u.tr !== undefined),
    (input, context) => {
      const decoded = TextsCodec.validate(input, context);
      if (decoded._tag === 'Left') return decoded;
      const texts = decoded.right;
      return texts.en === undefined && texts.tr === undefined
        ? t.failure(input, context, 'expected a text in en, tr or both')
        : t.success(
            texts.en === undefined ? { tr: texts.tr! } : texts.tr === undefined ? { en: texts.en } : { en: texts.en, tr: texts.tr },
          );
    },
    (texts) => texts,
  ),
  {
    type: 'object',
    minProperties: 1,
    additionalProperties: false,
    properties: { en: TEXT_SCHEMA, tr: TEXT_SCHEMA },
  },
);

/** What staff write when creating a template. */
export const AgreementTemplateInput = t.intersection(
  [t.type({ kind: AgreementKind, texts: AgreementTexts }), t.partial({ format: AgreementTextFormat, requiresNationalId: t.boolean })],
  'AgreementTemplateInput',
);
/** A new template's content; `format` defaults to `markdown`, `requiresNationalId` to false. */
export type AgreementTemplateInput = t.TypeOf<typeof AgreementTemplateInput>;

/** What staff may change: any content field (a new version), and `archived`. */
export const AgreementTemplatePatch = t.partial(
  { kind: AgreementKind, texts: AgreementTexts, format: AgreementTextFormat, requiresNationalId: t.boolean, archived: t.boolean },
  'AgreementTemplatePatch',
);
/** A template edit. */
export type AgreementTemplatePatch = t.TypeOf<typeof AgreementTemplatePatch>;

/** One immutable version of a template: what a signer sees and what a signature points to. */
export interface AgreementTemplateVersion {
  readonly id: string;
  readonly templateId: string;
  /** 1, 2, … in the order of edits. */
  readonly number: number;
  readonly kind: AgreementKind;
  readonly format: AgreementTextFormat;
  readonly requiresNationalId: boolean;
  readonly texts: AgreementTexts;
  readonly createdAt: Date;
}

/** A template of an organization, with its current version. Archived templates are kept, never deleted. */
export interface AgreementTemplate {
  readonly id: string;
  readonly organizationId: OrganizationId;
  readonly current: AgreementTemplateVersion;
  readonly archivedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Whether a patch changes the content (and so makes a new version), not only `archived`. */
export const changesContent = (patch: AgreementTemplatePatch): boolean =>
  patch.kind !== undefined || patch.texts !== undefined || patch.format !== undefined || patch.requiresNationalId !== undefined;

/**
 * The language a signer reads a version in: the one asked for when the version has it, else
 * English when it has it, else the only one it has.
 */
export const textLanguage = (texts: AgreementTexts, wanted: AgreementLanguage | null): AgreementLanguage =>
  wanted !== null && texts[wanted] !== undefined ? wanted : texts.en !== undefined ? 'en' : 'tr';
