import * as t from 'io-ts';
import { PageQuery, pageRequest, type PaymentsArea } from '@idv/core';
import { pageOf, PaymentSubscriptionView, PaymentView } from '../responses/response-codecs.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, ok, replyWith } from '../edge/reply.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { LinkPaymentSubscriptionBody, PaymentParams, StartPaymentBody } from '../requests/payment-requests.js';
import { pageJson, paymentJson, paymentSubscriptionJson } from '../responses/json-views.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import type { Route } from './route.js';

/**
 * Payments of an organization: start one (`billing.manage`), read and list them (`billing.read`),
 * and link an iyzico subscription whose renewals become payments (`billing.manage`).
 */
export const paymentRoutes = (services: PaymentsArea): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/payments',
    params: OrganizationParams,
    body: StartPaymentBody,
    doc: {
      summary: 'Start a payment (billing.manage)',
      description:
        "iyzico 3DS answers the decoded 3DS HTML to show; PayTR an iFrame token and URL. Card data and the payer's details go to the provider, never stored or echoed. A provider that cannot be reached answers 503 with Retry-After (nothing was charged).",
      tag: 'payments',
      responses: {
        201: {
          description: 'Started',
          body: t.intersection(
            [
              t.type({ payment: PaymentView, merchantReference: t.string }),
              t.partial({ threeDsHtmlContent: t.string, iframeToken: t.string, iframeUrl: t.string }),
            ],
            'PaymentStarted',
          ),
        },
      },
      errors: [
        ...AUTHORIZATION_ERRORS,
        'PaymentProviderNotEnabled',
        'CardRequired',
        'NationalIdRequired',
        'PaymentRefused',
        'PaymentProviderUnavailable',
        'MembershipChangedConcurrently',
      ],
    },
    handle: async ({ caller, params, body, clientAddress }) =>
      replyWith(await services.startPayment(caller, params.orgId, { ...body, clientAddress })(), ({ payment, clientAction }) =>
        created({
          payment: paymentJson(payment),
          merchantReference: payment.merchantReference,
          ...(clientAction.kind === 'threeDsHtml'
            ? { threeDsHtmlContent: clientAction.html }
            : { iframeToken: clientAction.token, iframeUrl: clientAction.url }),
        }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/payments',
    params: OrganizationParams,
    query: PageQuery,
    doc: {
      summary: "The organization's payments, newest first, renewals included (billing.read)",
      tag: 'payments',
      responses: { 200: { description: 'A page of payments', body: pageOf(PaymentView, 'PaymentPage') } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listPayments(caller, params.orgId, pageRequest(query))(), (page) => ok(pageJson(page, paymentJson))),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/payments/:paymentId',
    params: PaymentParams,
    doc: {
      summary: 'Read a payment (billing.read)',
      tag: 'payments',
      responses: { 200: { description: 'The payment (never card data)', body: t.type({ payment: PaymentView }, 'PaymentReply') } },
      errors: [...AUTHORIZATION_ERRORS, 'PaymentNotFound'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.getPayment(caller, params.orgId, params.paymentId)(), (payment) => ok({ payment: paymentJson(payment) })),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/payment-subscriptions',
    params: OrganizationParams,
    body: LinkPaymentSubscriptionBody,
    doc: {
      summary: 'Link an iyzico subscription and its plan (billing.manage)',
      description:
        "Verified first with iyzico's subscription detail (this merchant's keys): the subscription must be ACTIVE and its pricing plan at exactly this amount and currency, else 422 SubscriptionNotVerified with the reason, and nothing is stored; iyzico unreachable answers 503 with Retry-After. Each renewal iyzico's subscription webhook notifies then becomes one payment of this organization for that amount, once per order reference; a renewal iyzico's detail does not confirm is held under_review.",
      tag: 'payments',
      responses: { 201: { description: 'Linked', body: t.type({ subscription: PaymentSubscriptionView }, 'PaymentSubscriptionReply') } },
      errors: [
        ...AUTHORIZATION_ERRORS,
        'PaymentProviderNotEnabled',
        'SubscriptionNotVerified',
        'PaymentProviderUnavailable',
        'PaymentSubscriptionExists',
      ],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.linkPaymentSubscription(caller, params.orgId, body)(), (subscription) =>
        created({ subscription: paymentSubscriptionJson(subscription) }),
      ),
  }),
];
