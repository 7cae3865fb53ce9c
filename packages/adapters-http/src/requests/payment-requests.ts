import * as t from 'io-ts';
import { personalData } from '../edge/personal-data.js';
import {
  AmountMinor,
  Currency,
  OrganizationId,
  PayerDetails,
  PaymentCard,
  PaymentDescription,
  PaymentId,
  PaymentProvider,
  SubscriptionReferenceCode,
} from '@idv/core';

/** A card in a request body: personal data, never echoed in a validation problem. */
export const CardField = personalData(PaymentCard);
/** A payer's details in a request body: personal data, never echoed in a validation problem. */
export const PayerField = personalData(PayerDetails);

/** `:orgId/payments/:paymentId`. */
export const PaymentParams = t.type({ orgId: OrganizationId, paymentId: PaymentId }, 'PaymentParams');

/**
 * `POST /organizations/:orgId/payments`. The card is for iyzico 3DS only; the card and the payer's
 * details go to the provider and are never stored or logged.
 */
export const StartPaymentBody = t.intersection(
  [
    t.type({ provider: PaymentProvider, amountMinor: AmountMinor, currency: Currency, description: PaymentDescription }),
    t.partial({ card: CardField, payer: PayerField }),
  ],
  'StartPaymentBody',
);

/** `POST /organizations/:orgId/payment-subscriptions`: an iyzico subscription and the plan each renewal is charged at. */
export const LinkPaymentSubscriptionBody = t.type(
  {
    provider: t.literal('iyzico'),
    subscriptionReferenceCode: SubscriptionReferenceCode,
    amountMinor: AmountMinor,
    currency: Currency,
    description: PaymentDescription,
  },
  'LinkPaymentSubscriptionBody',
);
