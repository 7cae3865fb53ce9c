import { randomUUID } from '../crypto.js';
import { sendJson, type Exchange, type Router } from '../http/router.js';
import { sendSubscriptionWebhook } from '../iyzico/iyzico-webhooks.js';
import { createSubscription, recordOrder } from '../iyzico/subscriptions.js';
import type { CallbackTargets } from '../options.js';
import type { EmulatorState } from '../state.js';

const json = (exchange: Exchange): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(exchange.body === '' ? '{}' : exchange.body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

const URL_TARGETS: readonly (keyof CallbackTargets)[] = ['iyzicoWebhookUrl', 'iyzicoSubscriptionUrl', 'paytrNotificationUrl'];

/**
 * The emulator's own API under `/_emulator/` (never part of a provider's): the delivery log and a
 * wait for it to settle, callback targets, a simulated outage, a subscription of this merchant to
 * create (its detail then answers it), and a subscription renewal to notify (and list in the detail).
 */
export const controlRoutes = (router: Router, state: EmulatorState): void => {
  const control = { control: true };
  router.on('GET', '/_emulator/deliveries', (exchange) => sendJson(exchange.response, 200, state.dispatcher.attempts()), control);
  router.on(
    'GET',
    '/_emulator/deliveries/settled',
    async (exchange) => {
      const timeoutMs = Math.min(Number(exchange.query.get('timeoutMs') ?? 30_000) || 30_000, 120_000);
      const settled = await state.dispatcher.waitSettled(timeoutMs);
      sendJson(exchange.response, 200, { settled, pending: state.dispatcher.pendingCount() });
    },
    control,
  );
  router.on(
    'PUT',
    '/_emulator/targets',
    (exchange) => {
      const body = json(exchange);
      if (body === undefined) return sendJson(exchange.response, 400, { error: 'expected a JSON object' });
      for (const name of URL_TARGETS) {
        const value = body[name];
        if (value === null) state.targets[name] = undefined;
        else if (typeof value === 'string' && URL.canParse(value)) state.targets[name] = value;
        else if (value !== undefined) return sendJson(exchange.response, 400, { error: `${name} must be a URL or null` });
      }
      sendJson(exchange.response, 200, state.targets);
    },
    control,
  );
  router.on(
    'PUT',
    '/_emulator/outage',
    (exchange) => {
      const down = json(exchange)?.['down'];
      if (typeof down !== 'boolean') return sendJson(exchange.response, 400, { error: 'expected { "down": true | false }' });
      state.down = down;
      sendJson(exchange.response, 200, { down });
    },
    control,
  );
  router.on(
    'POST',
    '/_emulator/iyzico/subscriptions/:subscriptionReferenceCode/orders',
    async (exchange) => {
      const body = json(exchange);
      const outcome = body?.['outcome'] ?? 'success';
      if (outcome !== 'success' && outcome !== 'failure')
        return sendJson(exchange.response, 400, { error: 'outcome must be success or failure' });
      const order = {
        subscriptionReferenceCode: exchange.params['subscriptionReferenceCode']!,
        orderReferenceCode: typeof body?.['orderReferenceCode'] === 'string' ? body['orderReferenceCode'] : randomUUID(),
        customerReferenceCode: typeof body?.['customerReferenceCode'] === 'string' ? body['customerReferenceCode'] : randomUUID(),
        outcome,
      } as const;
      const amountMinor = body?.['amountMinor'];
      recordOrder(
        state,
        order,
        typeof amountMinor === 'number' && Number.isSafeInteger(amountMinor) && amountMinor > 0 ? amountMinor : undefined,
      );
      void sendSubscriptionWebhook(state, order);
      sendJson(exchange.response, 202, order);
    },
    control,
  );
  router.on(
    'POST',
    '/_emulator/iyzico/subscriptions',
    (exchange) => {
      const body = json(exchange);
      const amountMinor = body?.['amountMinor'];
      if (typeof amountMinor !== 'number' || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
        return sendJson(exchange.response, 400, {
          error: 'expected { "amountMinor": <positive integer>, "currency"?, "status"?, "subscriptionReferenceCode"? }',
        });
      }
      const text = (name: string): string | undefined => (typeof body?.[name] === 'string' ? (body[name] as string) : undefined);
      const currency = text('currency');
      const status = text('status');
      const subscriptionReferenceCode = text('subscriptionReferenceCode');
      sendJson(
        exchange.response,
        201,
        createSubscription(state, {
          amountMinor,
          ...(currency === undefined ? {} : { currency }),
          ...(status === undefined ? {} : { status }),
          ...(subscriptionReferenceCode === undefined ? {} : { subscriptionReferenceCode }),
        }),
      );
    },
    control,
  );
};
