import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { GatewayFailure, ProviderSubscription, ProviderSubscriptionOrder } from '@idv/core';
import { minorOf } from '../shared/amounts.js';
import { callProvider, textOf, type ProviderAnswer, type ProviderTransport } from '../shared/provider-http.js';
import { iyzicoFailureCode } from './payment-result.js';
import { iyzwsHeaders } from './iyzws.js';

/** What iyzico's subscription API needs: this merchant's keys, where iyzico is, and the transport. */
export interface IyzicoSubscriptionsOptions {
  readonly apiKey: string;
  readonly secretKey: string;
  readonly baseUrl: string;
  readonly transport: ProviderTransport;
}

/** iyzico's subscription detail and cancel (`/v2/subscription/...`, IYZWSv2 like every iyzico call). */
export interface IyzicoSubscriptions {
  /** The subscription as this merchant sees it, with its pricing plan's price; None when iyzico knows no such subscription here. */
  detail(subscriptionReferenceCode: string): Promise<E.Either<GatewayFailure, O.Option<ProviderSubscription>>>;
  /** Cancels the subscription; an already cancelled one counts as cancelled. */
  cancel(subscriptionReferenceCode: string): Promise<E.Either<GatewayFailure, 'cancelled'>>;
}

const unavailable = (reason: string): E.Either<GatewayFailure, never> => E.left({ _tag: 'Unavailable', reason });

const objectOf = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

// One `orders[]` item of the detail; an order that does not read is left out (it then cannot confirm a renewal).
const orderOf = (value: unknown): ProviderSubscriptionOrder | undefined => {
  const order = objectOf(value);
  const referenceCode = textOf(order?.['referenceCode']);
  const amountMinor = minorOf(order?.['price']);
  const currency = textOf(order?.['currencyCode']);
  if (referenceCode === undefined || amountMinor === undefined || currency === undefined) return undefined;
  return { referenceCode, amountMinor, currency, status: textOf(order?.['orderStatus']) ?? '' };
};

/**
 * iyzico's subscription API as its SDKs call it (iyzipay-node `Subscription.retrieve`/`cancel`,
 * `SubscriptionPricingPlan.retrieve`): `GET /v2/subscription/subscriptions/{ref}` answers `data` with
 * `subscriptionStatus`, `pricingPlanReferenceCode` and `orders[]` (`referenceCode`, `price`,
 * `currencyCode`, `orderStatus`); `GET /v2/subscription/pricing-plans/{ref}` answers the plan's
 * `price` and `currencyCode`; `POST /v2/subscription/subscriptions/{ref}/cancel`. A request carries
 * IYZWSv2 over its path and the exact body sent (none for a GET). iyzico answers an unknown reference
 * with `status: "failure"`: None here. Unreachable, a 5xx or an unreadable answer is `Unavailable`.
 *
 * @example
 * const subscriptions = createIyzicoSubscriptions({ apiKey, secretKey, baseUrl, transport });
 * await subscriptions.detail('ea0362e2-a1c4-4fda-89f0-3758a5c20a28'); // Right(Some({ status: 'ACTIVE', plan: { amountMinor: 9900, currency: 'TRY' }, orders }))
 */
export const createIyzicoSubscriptions = (options: IyzicoSubscriptionsOptions): IyzicoSubscriptions => {
  const call = (method: 'GET' | 'POST', path: string, body?: string): Promise<ProviderAnswer> =>
    callProvider(options.transport, `${options.baseUrl}${path}`, {
      method,
      headers: iyzwsHeaders(options, path, body ?? ''),
      ...(body === undefined ? {} : { body }),
    });

  return {
    detail: async (reference) => {
      const answer = await call('GET', `/v2/subscription/subscriptions/${encodeURIComponent(reference)}`);
      if (answer.kind === 'unreachable') return unavailable(answer.reason);
      if (answer.body['status'] !== 'success') return E.right(O.none);
      const data = objectOf(answer.body['data']);
      const status = textOf(data?.['subscriptionStatus']);
      const planReference = textOf(data?.['pricingPlanReferenceCode']);
      if (status === undefined || planReference === undefined)
        return unavailable('subscription detail lacks subscriptionStatus or pricingPlanReferenceCode');
      const planAnswer = await call('GET', `/v2/subscription/pricing-plans/${encodeURIComponent(planReference)}`);
      if (planAnswer.kind === 'unreachable') return unavailable(planAnswer.reason);
      const plan = objectOf(planAnswer.body['data']);
      const amountMinor = minorOf(plan?.['price']);
      const currency = textOf(plan?.['currencyCode']);
      if (planAnswer.body['status'] !== 'success' || amountMinor === undefined || currency === undefined)
        return unavailable('pricing plan detail lacks price or currencyCode');
      const orders = Array.isArray(data?.['orders'])
        ? (data['orders'] as unknown[]).map(orderOf).filter((o): o is ProviderSubscriptionOrder => o !== undefined)
        : [];
      return E.right(
        O.some({ referenceCode: textOf(data?.['referenceCode']) ?? reference, status, plan: { amountMinor, currency }, orders }),
      );
    },
    cancel: async (reference) => {
      const answer = await call(
        'POST',
        `/v2/subscription/subscriptions/${encodeURIComponent(reference)}/cancel`,
        JSON.stringify({ locale: 'tr', conversationId: reference }),
      );
      if (answer.kind === 'unreachable') return unavailable(answer.reason);
      return answer.body['status'] === 'success' ? E.right('cancelled') : E.left({ _tag: 'Refused', code: iyzicoFailureCode(answer.body) });
    },
  };
};
