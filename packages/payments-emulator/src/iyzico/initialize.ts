import { minorOfDecimal } from '../amounts.js';
import { hmacHex } from '../crypto.js';
import { escapeHtml, page, postForm } from '../http/html.js';
import { sendJson, type Exchange } from '../http/router.js';
import type { EmulatorState } from '../state.js';
import { failure } from './answers.js';
import { checkIyzws } from './iyzws.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const luhn = (digits: string): boolean =>
  /^\d{12,19}$/.test(digits) &&
  [...digits].reverse().reduce((sum, c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
    0;

/** iyzico's sandbox card that is always refused for funds (errorCode 10051). */
export const INSUFFICIENT_FUNDS_CARD = '4111111111111129';

const BUYER_FIELDS = ['id', 'name', 'surname', 'email', 'identityNumber', 'registrationAddress', 'ip', 'city', 'country'];
const ADDRESS_FIELDS = ['contactName', 'city', 'country', 'address'];
const CARD_FIELDS = ['cardHolderName', 'cardNumber', 'expireMonth', 'expireYear', 'cvc'];

const missingField = (body: Json): string | undefined => {
  for (const name of ['conversationId', 'basketId', 'currency', 'callbackUrl']) if (!text(body[name])) return name;
  for (const [group, fields] of [
    ['paymentCard', CARD_FIELDS],
    ['buyer', BUYER_FIELDS],
    ['billingAddress', ADDRESS_FIELDS],
  ] as const) {
    const value = body[group];
    if (!isObject(value)) return group;
    for (const name of fields) if (!text(value[name])) return `${group}.${name}`;
  }
  return undefined;
};

/** The 3DS page the payer sees (what the bank's ACS would show): complete or fail. */
const threeDsPage = (state: EmulatorState, paymentId: string, amount: string): string =>
  page(
    'iyzico 3D Secure (emulator)',
    [
      `<h1>3D Secure</h1>`,
      `<p>Payment ${escapeHtml(paymentId)}: ${escapeHtml(amount)}. Enter the SMS code (any value).</p>`,
      postForm(
        `${state.url}/_emulator/iyzico/3ds/${paymentId}`,
        {},
        {
          id: 'acs',
          autoSubmit: false,
          buttons: [
            ['outcome', 'success', 'Complete'],
            ['outcome', 'failure', 'Fail'],
          ],
        },
      ),
    ].join('\n'),
  );

/**
 * `POST /payment/3dsecure/initialize` (reference §1.1): checks IYZWSv2 and the request as iyzico
 * would (required buyer, address, card and basket fields; the basket adds up to `price`), then
 * answers `threeDSHtmlContent` (base64 of the 3DS page), `paymentId` and its signature over
 * `paymentId:conversationId`.
 */
export const initializeThreeDs =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    const auth = checkIyzws(exchange.request, exchange.path, exchange.body, state.iyzico);
    if (!auth.ok) return failure(exchange.response, auth.errorCode, auth.errorMessage);
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return failure(exchange.response, '11', 'Geçersiz istek');
    }
    if (!isObject(body)) return failure(exchange.response, '11', 'Geçersiz istek');
    const missing = missingField(body);
    if (missing !== undefined) return failure(exchange.response, '11', `Geçersiz istek: ${missing}`, body['conversationId']);
    const price = minorOfDecimal(body['price']);
    const paidPrice = minorOfDecimal(body['paidPrice']);
    const items = Array.isArray(body['basketItems']) ? body['basketItems'] : [];
    const itemPrices = items.map((item) => (isObject(item) ? minorOfDecimal(item['price']) : undefined));
    const itemsTotal = itemPrices.includes(undefined) ? undefined : itemPrices.reduce<number>((sum, p) => sum + p!, 0);
    if (price === undefined || paidPrice === undefined || price <= 0 || paidPrice < price)
      return failure(exchange.response, '11', 'Geçersiz istek: price', body['conversationId']);
    if (items.length === 0 || itemsTotal !== price)
      return failure(exchange.response, '11', 'Geçersiz istek: basketItems', body['conversationId']);
    const card = body['paymentCard'] as Json;
    const number = String(card['cardNumber']).replace(/\s/g, '');
    if (!luhn(number)) return failure(exchange.response, '12', 'Kart numarası geçersizdir', body['conversationId']);
    if (number === INSUFFICIENT_FUNDS_CARD)
      return failure(exchange.response, '10051', 'Kart limiti yetersiz, yetersiz bakiye', body['conversationId']);
    const paymentId = String(state.nextPaymentId++);
    const conversationId = String(body['conversationId']);
    state.iyzicoPayments.set(paymentId, {
      paymentId,
      conversationId,
      basketId: String(body['basketId']),
      priceMinor: price,
      paidPriceMinor: paidPrice,
      currency: String(body['currency']),
      callbackUrl: String(body['callbackUrl']),
      lastFourDigits: number.slice(-4),
      status: 'INIT_THREEDS',
      mdStatus: undefined,
    });
    const html = threeDsPage(state, paymentId, `${(paidPrice / 100).toFixed(2)} ${String(body['currency'])}`);
    sendJson(exchange.response, 200, {
      status: 'success',
      locale: 'tr',
      systemTime: Date.now(),
      conversationId,
      threeDSHtmlContent: Buffer.from(html, 'utf8').toString('base64'),
      paymentId,
      signature: hmacHex(state.iyzico.secretKey, `${paymentId}:${conversationId}`),
    });
  };
