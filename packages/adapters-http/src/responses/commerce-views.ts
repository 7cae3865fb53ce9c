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
  PurchaseFlags,
  PurchaseId,
  PurchaseStatus,
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

/** A purchase as its buyer sees it: its id and where it stands. */
export const PurchaseSummaryView = t.type({ id: PurchaseId, status: PurchaseStatus }, 'PurchaseSummary');

/** A signing link, answered once. */
export const SigningLinkView = t.type({ url: t.string, expiresAt: DateTime }, 'SigningLink');

/** One agreement the buyer is asked to sign; `link` only on the first answer after payment. */
export const PurchaseAgreementView = t.type(
  { id: t.string, title: t.string, status: t.keyof({ pending: null, signed: null, revoked: null }), link: nullable(SigningLinkView) },
  'PurchaseAgreement',
);

/** `GET /public/purchases/:purchaseId`: the status, until when the plan is valid, what to do next, the agreements. */
export const PurchaseProgressView = t.type(
  {
    purchase: PurchaseSummaryView,
    validUntil: nullable(DateTime),
    next: t.keyof({
      pay: null,
      sign_agreements: null,
      accept_invitation: null,
      check_email: null,
      contact_organization: null,
      none: null,
    }),
    agreements: t.array(PurchaseAgreementView),
  },
  'PurchaseProgress',
);

/** A purchase as its organization's staff see it (never card data or a national ID). */
export const StaffPurchaseView = t.type(
  {
    id: PurchaseId,
    planId: PlanId,
    paymentId: t.string,
    email: t.string,
    buyerName: t.string,
    status: PurchaseStatus,
    priceMinor: AmountMinor,
    currency: PlanCurrency,
    period: PlanPeriod,
    flags: PurchaseFlags,
    membershipId: nullable(t.string),
    paidAt: nullable(DateTime),
    validUntil: nullable(DateTime),
    createdAt: DateTime,
  },
  'StaffPurchase',
);
