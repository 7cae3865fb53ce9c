import { decimalNumber } from '../amounts.js';
import { randomUUID } from '../crypto.js';
import { sendJson, type Exchange } from '../http/router.js';
import type { EmulatorState, IyzicoSubscription } from '../state.js';
import { failure } from './answers.js';
import { checkIyzws } from './iyzws.js';

/** What a test gives to create a subscription at the emulated iyzico. */
export interface SubscriptionPlan {
  readonly amountMinor: number;
  readonly currency?: string;
  readonly status?: string;
  readonly subscriptionReferenceCode?: string;
}

/** Creates an iyzico subscription (ACTIVE unless stated) with its own pricing plan. */
export const createSubscription = (state: EmulatorState, plan: SubscriptionPlan): IyzicoSubscription => {
  const subscription: IyzicoSubscription = {
    referenceCode: plan.subscriptionReferenceCode ?? randomUUID(),
    pricingPlanReferenceCode: randomUUID(),
    customerReferenceCode: randomUUID(),
    status: plan.status ?? 'ACTIVE',
    priceMinor: plan.amountMinor,
    currency: plan.currency ?? 'TRY',
    orders: [],
  };
  state.iyzicoSubscriptions.set(subscription.referenceCode, subscription);
  return subscription;
};

// Every subscription call is IYZWSv2-authenticated over its path and the body received (none for a GET).
const authenticated = (state: EmulatorState, exchange: Exchange): boolean => {
  const auth = checkIyzws(exchange.request, exchange.path, exchange.body, state.iyzico);
  if (!auth.ok) failure(exchange.response, auth.errorCode, auth.errorMessage);
  return auth.ok;
};

// The emulator's own code for an unknown reference (iyzico answers `status: failure`).
const notFound = (exchange: Exchange): void => failure(exchange.response, '201400', 'Abonelik bulunamadı');

/**
 * `GET /v2/subscription/subscriptions/:subscriptionReferenceCode`: the detail as iyzico's SDKs read
 * it (`data.subscriptionStatus`, `pricingPlanReferenceCode`, `orders[]` with `price`, `currencyCode`,
 * `orderStatus`). Only this merchant's subscriptions exist here: any other reference is a failure.
 */
export const subscriptionDetail =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    if (!authenticated(state, exchange)) return;
    const subscription = state.iyzicoSubscriptions.get(exchange.params['subscriptionReferenceCode']!);
    if (subscription === undefined) return notFound(exchange);
    sendJson(exchange.response, 200, {
      status: 'success',
      systemTime: Date.now(),
      data: {
        referenceCode: subscription.referenceCode,
        parentReferenceCode: subscription.referenceCode,
        pricingPlanReferenceCode: subscription.pricingPlanReferenceCode,
        customerReferenceCode: subscription.customerReferenceCode,
        subscriptionStatus: subscription.status,
        trialDays: 0,
        createdDate: Date.now(),
        startDate: Date.now(),
        orders: subscription.orders.map((order) => ({
          referenceCode: order.referenceCode,
          price: decimalNumber(order.priceMinor),
          currencyCode: order.currency,
          orderStatus: order.orderStatus,
          paymentAttempts: [],
        })),
      },
    });
  };

/** `GET /v2/subscription/pricing-plans/:pricingPlanReferenceCode`: the plan's `price` and `currencyCode`. */
export const pricingPlanDetail =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    if (!authenticated(state, exchange)) return;
    const reference = exchange.params['pricingPlanReferenceCode'];
    const subscription = [...state.iyzicoSubscriptions.values()].find((candidate) => candidate.pricingPlanReferenceCode === reference);
    if (subscription === undefined) return failure(exchange.response, '201300', 'Ödeme planı bulunamadı');
    sendJson(exchange.response, 200, {
      status: 'success',
      systemTime: Date.now(),
      data: {
        referenceCode: subscription.pricingPlanReferenceCode,
        status: 'ACTIVE',
        price: decimalNumber(subscription.priceMinor),
        currencyCode: subscription.currency,
        paymentInterval: 'MONTHLY',
        paymentIntervalCount: 1,
        planPaymentType: 'RECURRING',
      },
    });
  };

/** `POST /v2/subscription/subscriptions/:subscriptionReferenceCode/cancel`: the subscription is CANCELED (again: still a success). */
export const cancelSubscription =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    if (!authenticated(state, exchange)) return;
    const subscription = state.iyzicoSubscriptions.get(exchange.params['subscriptionReferenceCode']!);
    if (subscription === undefined) return notFound(exchange);
    subscription.status = 'CANCELED';
    sendJson(exchange.response, 200, { status: 'success', systemTime: Date.now() });
  };

/**
 * Records one charge of a subscription the emulator knows (at its plan's price unless `amountMinor`
 * says otherwise), so that the detail lists it; a retried order replaces its earlier attempt.
 */
export const recordOrder = (
  state: EmulatorState,
  order: { readonly subscriptionReferenceCode: string; readonly orderReferenceCode: string; readonly outcome: 'success' | 'failure' },
  amountMinor?: number,
): void => {
  const subscription = state.iyzicoSubscriptions.get(order.subscriptionReferenceCode);
  if (subscription === undefined) return;
  const index = subscription.orders.findIndex((existing) => existing.referenceCode === order.orderReferenceCode);
  const recorded = {
    referenceCode: order.orderReferenceCode,
    priceMinor: amountMinor ?? subscription.priceMinor,
    currency: subscription.currency,
    orderStatus: order.outcome === 'success' ? 'SUCCESS' : 'FAILED',
  } as const;
  if (index === -1) subscription.orders.push(recorded);
  else subscription.orders[index] = recorded;
};
