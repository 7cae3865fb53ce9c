import * as t from 'io-ts';
import type { PaymentTransaction, PaymentsArea } from '@idv/core';
import { PaymentView } from '../responses/response-codecs.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, ok, replyWith } from '../edge/reply.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { PaymentParams, StartPaymentBody } from '../requests/payment-requests.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import type { Route } from './route.js';

/** A payment as the API shows it (never card data or provider secrets). */
export const paymentJson = (p: PaymentTransaction): t.TypeOf<typeof PaymentView> => ({
  id: p.id,
  organizationId: p.organizationId,
  provider: p.provider,
  merchantReference: p.merchantReference,
  description: p.description,
  amountMinor: p.amountMinor,
  paidAmountMinor: p.paidAmountMinor,
  currency: p.currency,
  status: p.status,
  failureCode: p.failureCode,
  lateSuccess: p.lateSuccess,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
});

/** `POST /organizations/:orgId/payments` (billing.manage) and `GET /organizations/:orgId/payments/:paymentId` (billing.read). */
export const paymentRoutes = (services: PaymentsArea): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/payments',
    params: OrganizationParams,
    body: StartPaymentBody,
    doc: {
      summary: 'Start a payment (billing.manage)',
      description: 'iyzico 3DS answers the HTML to show; PayTR an iFrame token. Card data is passed to the provider, never stored or echoed.',
      tag: 'payments',
      responses: {
        201: {
          description: 'Started',
          body: t.intersection(
            [t.type({ payment: PaymentView, merchantReference: t.string }), t.partial({ threeDsHtmlContent: t.string, iframeToken: t.string })],
            'PaymentStarted',
          ),
        },
      },
      errors: [...AUTHORIZATION_ERRORS, 'PaymentProviderNotEnabled', 'CardRequired', 'NationalIdRequired', 'PaymentRefused'],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.startPayment(caller, params.orgId, body)(), ({ payment, clientAction }) =>
        created({
          payment: paymentJson(payment),
          merchantReference: payment.merchantReference,
          ...(clientAction.kind === 'threeDsHtml' ? { threeDsHtmlContent: clientAction.html } : { iframeToken: clientAction.token }),
        }),
      ),
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
];
