import * as t from 'io-ts';
import {
  AgreementTemplateRefs,
  AmountMinor,
  BuyerName,
  Email,
  Locale,
  NationalId,
  PaymentProvider,
  PurchaseId,
  OrganizationId,
  OrganizationSlug,
  PageQuery,
  PlanCurrency,
  PlanDescription,
  PlanId,
  PlanName,
  PlanPeriod,
  PlanRole,
  SeatLimit,
} from '@idv/core';
import { personalData } from '../edge/personal-data.js';
import { CardField, PayerField } from './payment-requests.js';
import { UuidSegment } from './uuid-segment.js';

/** A national ID in a request body: personal data, never echoed in a validation problem. */
export const NationalIdField = personalData(NationalId);

/** `:orgId/plans/:planId`. */
export const PlanParams = t.type({ orgId: OrganizationId, planId: PlanId }, 'PlanParams');
/** `/public/organizations/:slug`. */
export const PublicOrganizationParams = t.type({ slug: OrganizationSlug }, 'PublicOrganizationParams');

const optionalPlanFields = {
  description: PlanDescription,
  agreementTemplateIds: AgreementTemplateRefs,
  onSale: t.boolean,
  seatLimit: t.union([SeatLimit, t.null]),
};

/** `POST /organizations/:orgId/plans`. */
export const PlanBody = t.intersection(
  [
    t.type({ name: PlanName, priceMinor: AmountMinor, currency: PlanCurrency, period: PlanPeriod, grantsRole: PlanRole }),
    t.partial(optionalPlanFields),
  ],
  'PlanBody',
);

/** `PATCH /organizations/:orgId/plans/:planId`: any field of a plan; `archived: true` archives it for good. */
export const PlanChangesBody = t.partial(
  {
    name: PlanName,
    priceMinor: AmountMinor,
    currency: PlanCurrency,
    period: PlanPeriod,
    grantsRole: PlanRole,
    ...optionalPlanFields,
    archived: t.literal(true),
  },
  'PlanChangesBody',
);

/** `?include=archived` on the plan list, with pagination. */
export const PlanListQuery = t.intersection([PageQuery, t.partial({ include: t.literal('archived') })], 'PlanListQuery');

/** `/public/purchases/:purchaseId`. */
export const PurchaseParams = t.type({ purchaseId: PurchaseId }, 'PurchaseParams');
/** `/public/purchases/:purchaseId/agreements/:agreementId/link`. */
export const PurchaseAgreementParams = t.type({ purchaseId: PurchaseId, agreementId: UuidSegment }, 'PurchaseAgreementParams');
/** `GET /organizations/:orgId/purchases`: the flagged ones (the only listing so far), paged. */
export const FlaggedPurchasesQuery = t.intersection([PageQuery, t.type({ flagged: t.literal('true') })], 'FlaggedPurchasesQuery');
/** `?token=` of the purchase status: the status token its purchase answered. */
export const PurchaseStatusQuery = t.type({ token: t.string }, 'PurchaseStatusQuery');

/** `POST /public/organizations/:slug/purchases`: card and national ID only for the provider's call, never kept. */
export const PurchaseBody = t.intersection(
  [
    t.type({ planId: PlanId, email: Email, name: BuyerName, locale: Locale, provider: PaymentProvider }),
    t.partial({ card: CardField, payer: PayerField, nationalId: NationalIdField, botCheckToken: t.string }),
  ],
  'PurchaseBody',
);
