import * as t from 'io-ts';
import { AmountMinor, Currency, OrganizationId, PaymentCard, PaymentDescription, PaymentId, PaymentProvider } from '@idv/core';

/** `:orgId/payments/:paymentId`. */
export const PaymentParams = t.type({ orgId: OrganizationId, paymentId: PaymentId }, 'PaymentParams');

/** `POST /organizations/:orgId/payments`. The card is for iyzico 3DS only and is never stored or logged. */
export const StartPaymentBody = t.intersection(
  [
    t.type({ provider: PaymentProvider, amountMinor: AmountMinor, currency: Currency, description: PaymentDescription }),
    t.partial({ card: PaymentCard }),
  ],
  'StartPaymentBody',
);
