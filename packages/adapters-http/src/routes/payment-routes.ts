import type { PaymentTransaction, PaymentsArea } from '@idv/core';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, ok, replyWith } from '../edge/reply.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { PaymentParams, StartPaymentBody } from '../requests/payment-requests.js';
import type { Route } from './route.js';

/** A payment as the API shows it (never card data or provider secrets). */
export const paymentJson = (p: PaymentTransaction) => ({
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
    handle: async ({ caller, params }) =>
      replyWith(await services.getPayment(caller, params.orgId, params.paymentId)(), (payment) => ok({ payment: paymentJson(payment) })),
  }),
];
