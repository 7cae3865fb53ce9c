import * as t from 'io-ts';
import {
  AgreementTemplateRefs,
  AmountMinor,
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
