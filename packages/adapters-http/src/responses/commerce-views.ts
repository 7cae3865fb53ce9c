import * as t from 'io-ts';
import {
  AgreementTemplateRefs,
  AmountMinor,
  OrganizationId,
  OrganizationName,
  OrganizationSlug,
  PlanCurrency,
  PlanDescription,
  PlanId,
  PlanName,
  PlanPeriod,
  PlanRole,
  SeatLimit,
} from '@idv/core';
import { DateTime, nullable } from './response-codecs.js';

/** What a plan sells, as anyone may see it on the organization's public page. */
export const PublicPlanView = t.type(
  {
    id: PlanId,
    name: PlanName,
    description: PlanDescription,
    priceMinor: AmountMinor,
    currency: PlanCurrency,
    period: PlanPeriod,
    grantsRole: PlanRole,
    seatLimit: nullable(SeatLimit),
  },
  'PublicPlan',
);

/** A plan as its organization's staff see it. */
export const PlanView = t.intersection(
  [
    PublicPlanView,
    t.type({
      organizationId: OrganizationId,
      agreementTemplateIds: AgreementTemplateRefs,
      onSale: t.boolean,
      archivedAt: nullable(DateTime),
      createdAt: DateTime,
      updatedAt: DateTime,
    }),
  ],
  'Plan',
);

/** `GET /public/organizations/:slug`: the name and the plans on sale; never members or counts. */
export const PublicProfileView = t.type(
  { organization: t.type({ name: OrganizationName, slug: OrganizationSlug }, 'PublicOrganization'), plans: t.array(PublicPlanView) },
  'PublicProfile',
);
