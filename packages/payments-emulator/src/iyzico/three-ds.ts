import { hmacHex } from '../crypto.js';
import { page, postForm } from '../http/html.js';
import { outcomeOf } from '../http/outcome.js';
import { sendHtml, sendJson, type Exchange } from '../http/router.js';
import type { EmulatorState } from '../state.js';

/** The form iyzico's page makes the browser post to the merchant's `callbackUrl` (reference §1.2). */
export interface CallbackForm {
  readonly action: string;
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * The payer finished (or failed) 3DS: records `mdStatus` and builds the signed callback form:
 * `status`, `paymentId`, `conversationData` (empty), `conversationId`, `mdStatus` and `signature`,
 * hex HMAC-SHA256 over `conversationData:conversationId:mdStatus:paymentId:status` (reference §1.3).
 */
export const completeThreeDs = (state: EmulatorState, paymentId: string, outcome: 'success' | 'failure'): CallbackForm | undefined => {
  const payment = state.iyzicoPayments.get(paymentId);
  if (payment === undefined) return undefined;
  const mdStatus = outcome === 'success' ? '1' : '0';
  if (payment.status === 'INIT_THREEDS') {
    payment.status = outcome === 'success' ? 'CALLBACK_THREEDS' : 'FAILURE';
    payment.mdStatus = mdStatus;
  }
  const fields = { status: outcome, paymentId, conversationData: '', conversationId: payment.conversationId, mdStatus };
  const signature = hmacHex(
    state.iyzico.secretKey,
    [fields.conversationData, fields.conversationId, fields.mdStatus, fields.paymentId, fields.status].join(':'),
  );
  return { action: payment.callbackUrl, fields: { ...fields, signature } };
};

/**
 * `POST /_emulator/iyzico/3ds/:paymentId` (the 3DS page's buttons, form field `outcome`): answers
 * the page that posts the signed callback to the service, as the browser would after the bank.
 * With `Accept: application/json` it answers the form as JSON, for scripts.
 */
export const threeDsOutcome =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    const outcome = outcomeOf(exchange.body);
    if (outcome !== 'success' && outcome !== 'failure')
      return sendJson(exchange.response, 400, { error: 'outcome must be success or failure' });
    const form = completeThreeDs(state, exchange.params['paymentId']!, outcome);
    if (form === undefined) return sendJson(exchange.response, 404, { error: 'no such payment' });
    if ((exchange.request.headers.accept ?? '').includes('application/json')) return sendJson(exchange.response, 200, form);
    sendHtml(
      exchange.response,
      200,
      page('Returning to the merchant', postForm(form.action, form.fields, { id: 'callback', autoSubmit: true })),
    );
  };
