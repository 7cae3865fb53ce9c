import * as t from 'io-ts';
import type { OrganizationId } from '../organization/organization.js';
import { AmountMinor } from '../payments/payment.js';
import { UUID_SCHEMA, withJsonSchema } from '../shared/json-schema.js';
import { isTrimmedPlainText, PLAIN_TEXT_PATTERN } from '../shared/plain-text.js';
import { isUuid } from '../shared/uuid.js';

/** Brand of `PlanId`. */
export interface PlanIdBrand {
  readonly PlanId: unique symbol;
}
/** The local id of a plan (a UUID), as `:planId` in paths. */
export const PlanId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, PlanIdBrand> => isUuid(s), 'PlanId'),
  UUID_SCHEMA,
);
/** The local id of a plan. */
export type PlanId = t.TypeOf<typeof PlanId>;

/** Brand of `PlanName`. */
export interface PlanNameBrand {
  readonly PlanName: unique symbol;
}
const MAX_NAME_LENGTH = 100;
/** A plan's name: 1–100 characters, no control characters, no surrounding spaces. */
export const PlanName = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, PlanNameBrand> => isTrimmedPlainText(s, MAX_NAME_LENGTH), 'PlanName'),
  { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: PLAIN_TEXT_PATTERN, description: 'no surrounding spaces' },
);
/** A plan's name. */
export type PlanName = t.TypeOf<typeof PlanName>;

/** Brand of `PlanText`. */
export interface PlanTextBrand {
  readonly PlanText: unique symbol;
}
const MAX_TEXT_LENGTH = 2000;
// Line breaks are welcome in a description; every other control character is refused.
// eslint-disable-next-line no-control-regex -- control characters are what it names
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;
/** One language of a plan's description: 1–2000 characters, line breaks allowed, no other control characters. */
export const PlanText = withJsonSchema(
  t.brand(
    t.string,
    (s): s is t.Branded<string, PlanTextBrand> => s.length >= 1 && s.length <= MAX_TEXT_LENGTH && !CONTROL_BUT_NEWLINE.test(s),
    'PlanText',
  ),
  { type: 'string', minLength: 1, maxLength: MAX_TEXT_LENGTH, description: 'line breaks allowed; no other control characters' },
);
/** One language of a description. */
export type PlanText = t.TypeOf<typeof PlanText>;

/** A plan's description in English and Turkish (either may be left out). */
export const PlanDescription = t.partial({ en: PlanText, tr: PlanText }, 'PlanDescription');
/** A plan's description. */
export type PlanDescription = t.TypeOf<typeof PlanDescription>;

/** The currencies a plan is sold in. */
export const PlanCurrency = t.keyof({ TRY: null, EUR: null, USD: null }, 'PlanCurrency');
/** A plan's currency. */
export type PlanCurrency = t.TypeOf<typeof PlanCurrency>;

/** How long what a plan sells lasts: one payment for good, or a month or a year from payment. */
export const PlanPeriod = t.keyof({ once: null, month: null, year: null }, 'PlanPeriod');
/** A plan's period. */
export type PlanPeriod = t.TypeOf<typeof PlanPeriod>;

/** The role a plan grants its buyer: `member` or `coach`, never one that manages the organization. */
export const PlanRole = t.keyof({ member: null, coach: null }, 'PlanRole');
/** A plan's granted role. */
export type PlanRole = t.TypeOf<typeof PlanRole>;

/** Brand of `SeatLimit`. */
export interface SeatLimitBrand {
  readonly SeatLimit: unique symbol;
}
const MAX_SEATS = 1_000_000;
/** How many purchases of a plan may grant a membership: a positive integer. */
export const SeatLimit = withJsonSchema(
  t.brand(t.number, (n): n is t.Branded<number, SeatLimitBrand> => Number.isInteger(n) && n >= 1 && n <= MAX_SEATS, 'SeatLimit'),
  { type: 'integer', minimum: 1, maximum: MAX_SEATS },
);
/** A seat limit. */
export type SeatLimit = t.TypeOf<typeof SeatLimit>;

/** Brand of `AgreementTemplateRef`. */
export interface AgreementTemplateRefBrand {
  readonly AgreementTemplateRef: unique symbol;
}
/**
 * The id of an agreement template a buyer must sign (a UUID). Kept as an id list until the agreements
 * area validates templates against its own table.
 */
export const AgreementTemplateRef = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, AgreementTemplateRefBrand> => isUuid(s), 'AgreementTemplateRef'),
  UUID_SCHEMA,
);
/** An agreement template's id. */
export type AgreementTemplateRef = t.TypeOf<typeof AgreementTemplateRef>;

const MAX_TEMPLATES = 20;
const isTemplateList = (u: unknown): u is readonly AgreementTemplateRef[] =>
  Array.isArray(u) && u.length <= MAX_TEMPLATES && u.every((id) => AgreementTemplateRef.is(id)) && new Set(u).size === u.length;

/** The templates a buyer must sign: at most 20 distinct UUIDs, possibly none. */
export const AgreementTemplateRefs = withJsonSchema(
  new t.Type<readonly AgreementTemplateRef[], readonly string[], unknown>(
    'AgreementTemplateRefs',
    isTemplateList,
    (input, context) => {
      if (!Array.isArray(input) || !input.every((id) => AgreementTemplateRef.is(id)))
        return t.failure(input, context, 'expected a list of agreement template ids (UUIDs)');
      if (input.length > MAX_TEMPLATES) return t.failure(input, context, `expected at most ${MAX_TEMPLATES} agreement templates`);
      if (new Set(input).size !== input.length) return t.failure(input, context, 'expected each agreement template once');
      return t.success(input as readonly AgreementTemplateRef[]);
    },
    (ids) => ids,
  ),
  { type: 'array', items: UUID_SCHEMA, maxItems: MAX_TEMPLATES, uniqueItems: true },
);

/** A plan an organization sells on its public page. Plans are archived, never deleted. */
export interface Plan {
  readonly id: PlanId;
  readonly organizationId: OrganizationId;
  readonly name: PlanName;
  readonly description: PlanDescription;
  readonly priceMinor: AmountMinor;
  readonly currency: PlanCurrency;
  readonly period: PlanPeriod;
  readonly grantsRole: PlanRole;
  readonly agreementTemplateIds: readonly AgreementTemplateRef[];
  /** Shown on the public page and buyable (unless archived). */
  readonly onSale: boolean;
  /** How many purchases may grant a membership; null is no limit. */
  readonly seatLimit: SeatLimit | null;
  /** When it was archived: it then leaves the public page and takes no change. */
  readonly archivedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a manager states when creating a plan. */
export interface PlanInput {
  readonly name: PlanName;
  readonly description?: PlanDescription;
  readonly priceMinor: AmountMinor;
  readonly currency: PlanCurrency;
  readonly period: PlanPeriod;
  readonly grantsRole: PlanRole;
  readonly agreementTemplateIds?: readonly AgreementTemplateRef[];
  readonly onSale?: boolean;
  readonly seatLimit?: SeatLimit | null;
}

/** What a manager may change on a plan; `archived: true` archives it for good. */
export type PlanChanges = Partial<Omit<PlanInput, 'description'>> & {
  readonly description?: PlanDescription;
  readonly archived?: true;
};

/** Whether a plan is on the organization's public page: on sale and not archived. */
export const isOffered = (plan: Plan): boolean => plan.onSale && plan.archivedAt === null;
