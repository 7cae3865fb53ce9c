import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pageRequest, type Purchase, type PurchaseProgress } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { publicEndpoint } from '../edge/public-endpoint.js';
import { failure, ok, replyWith } from '../edge/reply.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import { PurchaseAgreementParams, PurchaseParams, PurchaseStatusQuery, FlaggedPurchasesQuery } from '../requests/commerce-requests.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { pageJson } from '../responses/json-views.js';
import { PurchaseProgressView, SigningLinkView, StaffPurchaseView } from '../responses/commerce-views.js';
import { pageOf } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const progressJson = (progress: PurchaseProgress): t.TypeOf<typeof PurchaseProgressView> => ({
  purchase: { id: progress.purchase.id, status: progress.status },
  validUntil: progress.validUntil,
  next: progress.next,
  agreements: progress.agreements.map((agreement) => ({
    id: agreement.id,
    title: agreement.title,
    status: agreement.status,
    link: agreement.link,
  })),
});

const staffPurchaseJson = (purchase: Purchase): t.TypeOf<typeof StaffPurchaseView> => ({
  id: purchase.id,
  planId: purchase.planId,
  paymentId: purchase.paymentId,
  email: purchase.email,
  buyerName: purchase.buyerName,
  status: purchase.status,
  priceMinor: purchase.priceMinor,
  currency: purchase.currency,
  period: purchase.period,
  flags: purchase.flags,
  membershipId: purchase.membershipId,
  paidAt: purchase.paidAt,
  validUntil: purchase.validUntil,
  createdAt: purchase.createdAt,
});

const LinkReply = t.type({ link: SigningLinkView }, 'PurchaseAgreementLink');

/**
 * `GET /public/purchases/:purchaseId` and `POST …/agreements/:agreementId/link` (the buyer, by the
 * status token), and `GET /organizations/:orgId/purchases?flagged=true` (staff, billing.read).
 */
export const purchaseStatusRoutes = (services: HttpServices): readonly Route[] => [
  publicEndpoint({
    method: 'get',
    path: '/public/purchases/:purchaseId',
    params: PurchaseParams,
    query: PurchaseStatusQuery,
    doc: {
      summary: "A purchase's status for its buyer (public; ?token= its status token)",
      description:
        "`awaiting_payment` → `paid` (membership, invitation and signature requests created) → `completed` (the membership is active), or `failed` or `expired`; `validUntil` for month and year plans; `next`: `pay`, `sign_agreements`, `accept_invitation` (in the app), `check_email` (the sign-up link), `contact_organization` (paid, nothing could be granted) or `none`. Each agreement's signing `link` is answered once, on the first answer after `paid`; `POST …/agreements/:agreementId/link` issues a fresh one. A token that is not this purchase's answers 404 PurchaseNotFound, as an unknown purchase does; an expired one 410 StatusTokenExpired.",
      tag: 'public',
      responses: { 200: { description: 'The status', body: PurchaseProgressView } },
      errors: ['PurchaseNotFound', 'StatusTokenExpired'],
    },
    handle: async ({ params, query }) => {
      const progress = await services.getPurchaseStatus(params.purchaseId, query.token)();
      return E.isLeft(progress) ? failure(progress.left) : ok(progressJson(progress.right));
    },
  }),
  publicEndpoint({
    method: 'post',
    path: '/public/purchases/:purchaseId/agreements/:agreementId/link',
    params: PurchaseAgreementParams,
    query: PurchaseStatusQuery,
    doc: {
      summary: 'A fresh signing link for an agreement of the purchase (public; ?token= its status token)',
      description:
        "For a buyer who lost the link: the agreement must be one the purchase's membership was asked to sign, still pending (409 AgreementNotPending otherwise). Earlier links of the agreement stop working.",
      tag: 'public',
      responses: { 200: { description: 'The new link, answered once', body: LinkReply } },
      errors: ['PurchaseNotFound', 'StatusTokenExpired', 'AgreementNotFound', 'AgreementNotPending'],
    },
    handle: async ({ params, query }) => {
      const link = await services.issuePurchaseAgreementLink(params.purchaseId, query.token, params.agreementId)();
      return E.isLeft(link) ? failure(link.left) : ok({ link: link.right });
    },
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/purchases',
    params: OrganizationParams,
    query: FlaggedPurchasesQuery,
    doc: {
      summary: "The organization's flagged purchases, newest first (?flagged=true; billing.read)",
      description:
        '`late_payment`: paid after its payment had failed or expired, granted all the same; `sold_out`: no seat was left when the payment was verified, nothing granted and nothing refunded automatically; `existing_member`: the address already held a membership, nothing granted, the payment stands.',
      tag: 'plans',
      responses: { 200: { description: 'A page of purchases', body: pageOf(StaffPurchaseView, 'StaffPurchasePage') } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listFlaggedPurchases(caller, params.orgId, pageRequest(query))(), (page) =>
        ok(pageJson(page, staffPurchaseJson)),
      ),
  }),
];
