import * as t from 'io-ts';
import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';
import { isTrimmedPlainText, PLAIN_TEXT_PATTERN } from '../shared/plain-text.js';
import { isUuid } from '../shared/uuid.js';
import { UUID_SCHEMA, withJsonSchema } from '../shared/json-schema.js';
import type { PaymentStatus } from './payment-status.js';

/** The payment providers the service speaks to. */
export const PaymentProvider = t.keyof({ iyzico: null, paytr: null }, 'PaymentProvider');
/** A payment provider. */
export type PaymentProvider = t.TypeOf<typeof PaymentProvider>;

/** ISO 4217 currencies both providers accept (PayTR's `TL` is mapped to `TRY` at the edge). */
export const Currency = t.keyof({ TRY: null, USD: null, EUR: null, GBP: null }, 'Currency');
/** A currency code. */
export type Currency = t.TypeOf<typeof Currency>;

/** Brand of `PaymentId`. */
export interface PaymentIdBrand {
  readonly PaymentId: unique symbol;
}
/** The local id of a payment transaction (a UUID), as `:paymentId` in paths. */
export const PaymentId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, PaymentIdBrand> => isUuid(s), 'PaymentId'),
  UUID_SCHEMA,
);
/** The local id of a payment transaction. */
export type PaymentId = t.TypeOf<typeof PaymentId>;

/** Brand of `MerchantReference`. */
export interface MerchantReferenceBrand {
  readonly MerchantReference: unique symbol;
}
const MERCHANT_REFERENCE = /^[A-Za-z0-9]{1,64}$/;
/** Our reference at the provider (iyzico `conversationId`/`basketId`, PayTR `merchant_oid`): alphanumeric, ≤ 64. */
export const MerchantReference = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, MerchantReferenceBrand> => MERCHANT_REFERENCE.test(s), 'MerchantReference'),
  { type: 'string', pattern: MERCHANT_REFERENCE.source },
);
/** A merchant reference. */
export type MerchantReference = t.TypeOf<typeof MerchantReference>;

/** The merchant reference of a payment: PayTR allows letters and digits only, so the id without hyphens. */
export const merchantReferenceOf = (id: PaymentId): MerchantReference => `P${id.replaceAll('-', '')}` as MerchantReference;

/** Brand of `AmountMinor`. */
export interface AmountMinorBrand {
  readonly AmountMinor: unique symbol;
}
/** Money in minor units (kuruş, cents): a positive safe integer. */
export const AmountMinor = withJsonSchema(
  t.brand(t.number, (n): n is t.Branded<number, AmountMinorBrand> => Number.isSafeInteger(n) && n > 0, 'AmountMinor'),
  { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'minor units (kuruş, cents)' },
);
/** An amount in minor units. */
export type AmountMinor = t.TypeOf<typeof AmountMinor>;

/** Brand of `PaymentDescription`. */
export interface PaymentDescriptionBrand {
  readonly PaymentDescription: unique symbol;
}
const MAX_DESCRIPTION_LENGTH = 200;
/** What the payment is for, shown to the payer: 1–200 characters, no control characters. */
export const PaymentDescription = withJsonSchema(
  t.brand(
    t.string,
    (s): s is t.Branded<string, PaymentDescriptionBrand> => isTrimmedPlainText(s, MAX_DESCRIPTION_LENGTH),
    'PaymentDescription',
  ),
  { type: 'string', minLength: 1, maxLength: MAX_DESCRIPTION_LENGTH, pattern: PLAIN_TEXT_PATTERN, description: 'no control characters' },
);
/** A payment description. */
export type PaymentDescription = t.TypeOf<typeof PaymentDescription>;

/** Card details for iyzico 3DS: passed straight to the provider, never stored or logged. */
export const PaymentCard = t.readonly(
  t.type({
    holderName: t.string,
    number: t.string,
    expireMonth: t.string,
    expireYear: t.string,
    cvc: t.string,
  }),
  'PaymentCard',
);
/** Card details (transient). */
export type PaymentCard = t.TypeOf<typeof PaymentCard>;

/** Brand of a payer detail (a trimmed, bounded text). */
export interface PayerTextBrand {
  readonly PayerText: unique symbol;
}

/** One payer detail: trimmed, 1–400 characters, no control characters. */
const MAX_PAYER_TEXT_LENGTH = 400;
const PayerText = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, PayerTextBrand> => isTrimmedPlainText(s, MAX_PAYER_TEXT_LENGTH), 'PayerText'),
  {
    type: 'string',
    minLength: 1,
    maxLength: MAX_PAYER_TEXT_LENGTH,
    pattern: PLAIN_TEXT_PATTERN,
    description: 'trimmed; sent to the provider, never stored or echoed',
  },
);

/**
 * Who pays, as the providers ask for it (iyzico's buyer and billing address, PayTR's user fields).
 * Optional: the gateway fills what is missing (the card holder's name, the caller's e-mail). Passed
 * to the provider only, never stored or logged.
 */
export const PayerDetails = t.readonly(
  t.partial({
    name: PayerText,
    surname: PayerText,
    phone: PayerText,
    address: PayerText,
    city: PayerText,
    country: PayerText,
  }),
  'PayerDetails',
);
/** Payer details (transient). */
export type PayerDetails = t.TypeOf<typeof PayerDetails>;

/** One payment attempt and where it stands (the `payment_transactions` row). Never holds card data. */
export interface PaymentTransaction {
  readonly id: PaymentId;
  readonly organizationId: OrganizationId;
  /** The local user who started it. */
  readonly createdBy: UserId | null;
  readonly provider: PaymentProvider;
  readonly merchantReference: MerchantReference;
  readonly description: string;
  readonly amountMinor: number;
  /** What the provider says it collected (instalments may exceed `amountMinor`). */
  readonly paidAmountMinor: number | null;
  readonly currency: Currency;
  readonly status: PaymentStatus;
  /** iyzico `paymentId` from initialize. */
  readonly providerPaymentId: string | null;
  /** iyzico checkout-form token or PayTR iFrame token. */
  readonly providerToken: string | null;
  /** iyzico subscription order reference (renewals). */
  readonly orderReferenceCode: string | null;
  /** The iyzico subscription a renewal belongs to; null for one-off payments. */
  readonly subscriptionReferenceCode: string | null;
  /** A provider code (`mdStatus:0`, `paytr:6`…); never personal data. */
  readonly failureCode: string | null;
  /** A verified success that arrived after `failed` or `expired`: money was taken, someone must look. */
  readonly lateSuccess: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly completedAt: Date | null;
}
