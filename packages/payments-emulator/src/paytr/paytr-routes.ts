import { twoDigits } from '../amounts.js';
import { hmacBase64, randomAlphanumeric, sameText } from '../crypto.js';
import type { DeliveryAttempt } from '../deliveries/dispatcher.js';
import { PAYTR_SCHEDULE_MS } from '../deliveries/retry-schedules.js';
import { escapeHtml, page, postForm } from '../http/html.js';
import { outcomeOf } from '../http/outcome.js';
import { sendHtml, sendJson, type Exchange } from '../http/router.js';
import type { EmulatorState, PaytrPayment } from '../state.js';

const REQUIRED = [
  'merchant_id',
  'user_ip',
  'merchant_oid',
  'email',
  'payment_amount',
  'paytr_token',
  'user_basket',
  'no_installment',
  'max_installment',
  'user_name',
  'user_address',
  'user_phone',
  'merchant_ok_url',
  'merchant_fail_url',
  'currency',
  'test_mode',
];

const refuse = (exchange: Exchange, reason: string): void => sendJson(exchange.response, 200, { status: 'failed', reason });

/**
 * `POST /odeme/api/get-token` (PayTR iFrame API step 1): checks the form and `paytr_token` =
 * base64 HMAC-SHA256(merchant_key, merchant_id + user_ip + merchant_oid + email + payment_amount +
 * user_basket + no_installment + max_installment + currency + test_mode + merchant_salt); a
 * `merchant_oid` is used once. Answers `{ status: 'success', token }` or `{ status: 'failed', reason }`.
 */
export const getToken =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    const form = new URLSearchParams(exchange.body);
    const field = (name: string) => form.get(name) ?? '';
    const missing = REQUIRED.find((name) => field(name) === '');
    if (missing !== undefined) return refuse(exchange, `${missing} gönderilmedi`);
    if (field('merchant_id') !== state.paytr.merchantId) return refuse(exchange, 'merchant_id geçersiz');
    const hashed = [
      'merchant_id',
      'user_ip',
      'merchant_oid',
      'email',
      'payment_amount',
      'user_basket',
      'no_installment',
      'max_installment',
      'currency',
      'test_mode',
    ]
      .map(field)
      .join('');
    if (!sameText(hmacBase64(state.paytr.merchantKey, hashed + state.paytr.merchantSalt), field('paytr_token')))
      return refuse(exchange, 'paytr_token gönderilen bilgilere göre geçersiz');
    if (!/^[A-Za-z0-9]{1,64}$/.test(field('merchant_oid'))) return refuse(exchange, 'merchant_oid sadece harf ve rakam içerebilir');
    if (!/^\d+$/.test(field('payment_amount'))) return refuse(exchange, 'payment_amount geçersiz');
    if ([...state.paytrPayments.values()].some((p) => p.merchantOid === field('merchant_oid')))
      return refuse(exchange, 'merchant_oid daha önce kullanılmış');
    const token = randomAlphanumeric(32);
    state.paytrPayments.set(token, {
      token,
      merchantOid: field('merchant_oid'),
      amountMinor: Number(field('payment_amount')),
      currency: field('currency'),
      testMode: field('test_mode'),
      status: 'pending',
      paidMinor: 0,
      paidAt: undefined,
    });
    sendJson(exchange.response, 200, { status: 'success', token });
  };

/** `GET /odeme/guvenli/:token`: the iFrame page the payer sees: pay or give up. */
export const iframePage =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    const payment = state.paytrPayments.get(exchange.params['token']!);
    if (payment === undefined) return sendHtml(exchange.response, 404, page('PayTR', '<p>Geçersiz token</p>'));
    sendHtml(
      exchange.response,
      200,
      page(
        'PayTR (emulator)',
        [
          `<h1>PayTR</h1>`,
          `<p>Order ${escapeHtml(payment.merchantOid)}: ${escapeHtml(twoDigits(payment.amountMinor))} ${escapeHtml(payment.currency)}</p>`,
          postForm(
            `${state.url}/_emulator/paytr/payments/${payment.token}`,
            {},
            {
              id: 'pay',
              autoSubmit: false,
              buttons: [
                ['outcome', 'success', 'Pay'],
                ['outcome', 'failed', 'Cancel'],
              ],
            },
          ),
        ].join('\n'),
      ),
    );
  };

/**
 * Sends PayTR's notification for a settled payment (reference §4): form fields with `hash` = base64
 * HMAC-SHA256(merchant_key, merchant_oid + merchant_salt + status + total_amount), retried every
 * minute until the body of the answer is exactly `OK`.
 */
export const sendNotification = (state: EmulatorState, payment: PaytrPayment): Promise<DeliveryAttempt | undefined> => {
  const url = state.targets.paytrNotificationUrl;
  if (url === undefined) return Promise.resolve(undefined);
  const status = payment.status === 'success' ? 'success' : 'failed';
  const total = String(payment.paidMinor);
  const form = new URLSearchParams({
    merchant_oid: payment.merchantOid,
    status,
    total_amount: total,
    hash: hmacBase64(state.paytr.merchantKey, payment.merchantOid + state.paytr.merchantSalt + status + total),
    ...(status === 'failed'
      ? { failed_reason_code: '6', failed_reason_msg: 'Müşteri ödeme yapmaktan vazgeçti ve ödeme sayfasından ayrıldı.' }
      : {}),
    test_mode: payment.testMode,
    payment_type: 'card',
    currency: payment.currency,
    payment_amount: String(payment.amountMinor),
  });
  return state.dispatcher.send({
    kind: 'paytr-notification',
    reference: payment.merchantOid,
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'payments-emulator/paytr' },
    body: form.toString(),
    schedule: PAYTR_SCHEDULE_MS,
    accepts: (_status, body) => body === 'OK',
  });
};

/** Settles a pending iFrame payment and notifies; resolves with the first notification attempt. */
export const payIframe = async (
  state: EmulatorState,
  token: string,
  outcome: 'success' | 'failed',
): Promise<{ readonly payment: PaytrPayment; readonly firstDelivery: DeliveryAttempt | undefined } | undefined> => {
  const payment = state.paytrPayments.get(token);
  if (payment === undefined) return undefined;
  if (payment.status === 'pending') {
    payment.status = outcome;
    payment.paidMinor = outcome === 'success' ? payment.amountMinor : 0;
    payment.paidAt = outcome === 'success' ? new Date() : undefined;
  }
  return { payment, firstDelivery: await sendNotification(state, payment) };
};

/**
 * `POST /_emulator/paytr/payments/:token` (the iFrame's buttons, field `outcome`: `success` or
 * `failed`): settles the payment, sends the notification and answers once its first attempt was
 * answered: `{ merchantOid, status, firstDelivery }`.
 */
export const iframeOutcome =
  (state: EmulatorState) =>
  async (exchange: Exchange): Promise<void> => {
    const outcome = outcomeOf(exchange.body);
    if (outcome !== 'success' && outcome !== 'failed')
      return sendJson(exchange.response, 400, { error: 'outcome must be success or failed' });
    const settled = await payIframe(state, exchange.params['token']!, outcome);
    if (settled === undefined) return sendJson(exchange.response, 404, { error: 'no such token' });
    sendJson(exchange.response, 200, {
      merchantOid: settled.payment.merchantOid,
      status: settled.payment.status,
      firstDelivery: settled.firstDelivery ?? null,
    });
  };

/**
 * `POST /odeme/durum-sorgu` (status inquiry): `paytr_token` = base64 HMAC-SHA256(merchant_key,
 * merchant_id + merchant_oid + merchant_salt). A paid order answers `success` with
 * `payment_amount` and `payment_total`; any other, `error` with `err_no`/`err_msg`.
 */
export const statusQuery =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    const form = new URLSearchParams(exchange.body);
    const oid = form.get('merchant_oid') ?? '';
    const expected = hmacBase64(state.paytr.merchantKey, (form.get('merchant_id') ?? '') + oid + state.paytr.merchantSalt);
    if (form.get('merchant_id') !== state.paytr.merchantId || !sameText(expected, form.get('paytr_token') ?? '')) {
      return sendJson(exchange.response, 200, { status: 'error', err_no: '001', err_msg: 'paytr_token geçersiz' });
    }
    const payment = [...state.paytrPayments.values()].find((p) => p.merchantOid === oid);
    if (payment === undefined || payment.status !== 'success')
      return sendJson(exchange.response, 200, { status: 'error', err_no: '004', err_msg: 'Başarılı ödeme bulunamadı' });
    sendJson(exchange.response, 200, {
      status: 'success',
      payment_amount: twoDigits(payment.amountMinor),
      payment_total: twoDigits(payment.paidMinor),
      payment_date: payment.paidAt?.toISOString().replace('T', ' ').slice(0, 19),
      currency: payment.currency,
      taksit: '0',
      odeme_tipi: 'card',
      test_mode: payment.testMode,
      returns: [],
    });
  };
