import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { CallbackScheme, RawCallback } from '@idv/core';
import { IYZICO_3DS, IYZICO_SUBSCRIPTION, IYZICO_WEBHOOK, PAYTR } from './fixtures/reference-vectors.js';
import { createIyzicoSubscriptionScheme } from './iyzico/subscription-scheme.js';
import { createIyzicoThreeDsScheme } from './iyzico/three-ds-scheme.js';
import { createIyzicoWebhookScheme } from './iyzico/webhook-scheme.js';
import { hmacBase64, hmacHex } from './shared/mac.js';
import { createPaytrNotificationScheme } from './paytr/notification-scheme.js';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const AT = new Date('2026-03-01T10:00:00.000Z');

const raw = (body: string, contentType: string | undefined, headers: Record<string, string> = {}): RawCallback => ({
  contentType,
  header: (name) => headers[name],
  body: Buffer.from(body, 'utf8'),
  receivedAt: AT,
});

const tagOf = (scheme: CallbackScheme, request: RawCallback): string => {
  const result = scheme.verify(request);
  return E.isLeft(result) ? result.left._tag : result.right._tag;
};

const verified = (scheme: CallbackScheme, request: RawCallback) => {
  const result = scheme.verify(request);
  if (E.isLeft(result)) throw new Error(`expected a verified event, got ${result.left._tag}`);
  return result.right;
};

/** Replaces one form field's value (keeps its position). */
const withField = (body: string, name: string, value: string): string => {
  const params = new URLSearchParams(body);
  params.set(name, value);
  return params.toString();
};

// iyzico 3DS callback (reference §1.3)

test('iyzico 3DS: the official example C1 is accepted (empty fields keep their separators)', (t) => {
  const event = verified(createIyzicoThreeDsScheme(IYZICO_3DS.C1), raw(IYZICO_3DS.C1.body, FORM));
  t.like(event, {
    _tag: 'ThreeDsReturned',
    paymentId: '22484292',
    conversationId: '',
    mdStatus: '1',
    status: 'success',
    dedupeKey: '22484292:1:success',
  });
});

test('iyzico 3DS: the computed examples C2 (success) and C3 (mdStatus 0) are accepted', (t) => {
  t.like(verified(createIyzicoThreeDsScheme(IYZICO_3DS.C2), raw(IYZICO_3DS.C2.body, `${FORM}; charset=UTF-8`)), {
    conversationData: 'conv-data-abc',
    conversationId: 'gym-123',
  });
  t.like(verified(createIyzicoThreeDsScheme(IYZICO_3DS.C3), raw(IYZICO_3DS.C3.body, FORM)), { mdStatus: '0', status: 'failure' });
});

test('iyzico 3DS: flipping any signed field, a wrong key or a missing signature is refused; upper-case hex is accepted', (t) => {
  const scheme = createIyzicoThreeDsScheme(IYZICO_3DS.C2);
  for (const [field, value] of [
    ['conversationData', 'x'],
    ['conversationId', 'gym-124'],
    ['mdStatus', '0'],
    ['paymentId', '25149158'],
    ['status', 'failure'],
  ] as const) {
    t.is(tagOf(scheme, raw(withField(IYZICO_3DS.C2.body, field, value), FORM)), 'InvalidSignature', field);
  }
  t.is(tagOf(createIyzicoThreeDsScheme({ secretKey: 'another' }), raw(IYZICO_3DS.C2.body, FORM)), 'InvalidSignature');
  const params = new URLSearchParams(IYZICO_3DS.C2.body);
  params.delete('signature');
  t.is(tagOf(scheme, raw(params.toString(), FORM)), 'MissingSignature');
  const upper = withField(IYZICO_3DS.C2.body, 'signature', new URLSearchParams(IYZICO_3DS.C2.body).get('signature')!.toUpperCase());
  t.is(tagOf(scheme, raw(upper, FORM)), 'ThreeDsReturned');
  t.is(tagOf(scheme, raw(`${IYZICO_3DS.C2.body}&unsigned=extra`, FORM)), 'ThreeDsReturned');
});

test('iyzico 3DS: a duplicated signed form key is malformed, never resolved by picking one', (t) => {
  const scheme = createIyzicoThreeDsScheme(IYZICO_3DS.C2);
  t.is(tagOf(scheme, raw(`${IYZICO_3DS.C2.body}&status=failure`, FORM)), 'MalformedCallback');
  t.is(tagOf(scheme, raw(`paymentId=1&${IYZICO_3DS.C2.body}`, FORM)), 'MalformedCallback');
});

test('iyzico 3DS: JSON or no content type is an unsupported media type; invalid UTF-8 is malformed', (t) => {
  const scheme = createIyzicoThreeDsScheme(IYZICO_3DS.C2);
  t.is(tagOf(scheme, raw(IYZICO_3DS.C2.body, JSON_TYPE)), 'UnsupportedMediaType');
  t.is(tagOf(scheme, raw(IYZICO_3DS.C2.body, undefined)), 'UnsupportedMediaType');
  t.is(tagOf(scheme, { ...raw('', FORM), body: Uint8Array.from([0xff, 0xfe, 0x3d]) }), 'MalformedCallback');
});

test('iyzico 3DS: a correctly signed but nonsensical status is malformed after verification', (t) => {
  const secretKey = 'sandbox-secret-key-for-tests';
  const signature = hmacHex(secretKey, ['', 'gym-1', '1', '25149157', 'maybe'].join(':'));
  const body = `status=maybe&paymentId=25149157&conversationData=&conversationId=gym-1&mdStatus=1&signature=${signature}`;
  t.is(tagOf(createIyzicoThreeDsScheme({ secretKey }), raw(body, FORM)), 'MalformedCallback');
});

// iyzico payment webhook (reference §2.3)

const webhookRaw = (vector: { body: string; signature: string }, signature: string = vector.signature, body: string = vector.body) =>
  raw(body, JSON_TYPE, { 'x-iyz-signature-v3': signature });

test('iyzico webhook: the official examples W1 (HPP) and W2 (direct) are accepted', (t) => {
  t.like(verified(createIyzicoWebhookScheme(IYZICO_WEBHOOK.W1), webhookRaw(IYZICO_WEBHOOK.W1)), {
    _tag: 'IyzicoPaymentNotified',
    format: 'hpp',
    paymentId: '22483975',
    token: 'e828c62d-fd12-4b1a-ad5a-380f15fe6596',
    status: 'SUCCESS',
  });
  t.like(verified(createIyzicoWebhookScheme(IYZICO_WEBHOOK.W2), webhookRaw(IYZICO_WEBHOOK.W2)), {
    format: 'direct',
    eventType: 'API_AUTH',
    paymentId: '22484059',
    conversationId: 'conversationId',
    dedupeKey: 'API_AUTH:22484059:SUCCESS',
    unsigned: { referenceCode: '97f61d20-e66f-4120-82e9-92f4a183370a', eventTimeMs: 1766730778396, merchantId: '3404590' },
  });
});

test('iyzico webhook: the computed examples W3 (direct) and W4 (HPP doc body) are accepted', (t) => {
  t.like(verified(createIyzicoWebhookScheme(IYZICO_WEBHOOK.W3), webhookRaw(IYZICO_WEBHOOK.W3)), {
    eventType: 'THREE_DS_AUTH',
    paymentId: '28157248',
    conversationId: 'gym-123',
  });
  t.like(verified(createIyzicoWebhookScheme(IYZICO_WEBHOOK.W4), webhookRaw(IYZICO_WEBHOOK.W4)), {
    format: 'hpp',
    paymentId: '28157797',
    conversationId: '123456789',
  });
});

test('iyzico webhook: W2 with its status changed to FAILURE is refused; unsigned fields may change freely', (t) => {
  const scheme = createIyzicoWebhookScheme(IYZICO_WEBHOOK.W2);
  t.is(tagOf(scheme, raw(IYZICO_WEBHOOK.W2.body, JSON_TYPE)), 'MissingSignature');
  t.is(
    tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature, IYZICO_WEBHOOK.W2.body.replace('"SUCCESS"', '"FAILURE"'))),
    'InvalidSignature',
  );
  for (const [from, to] of [
    ['"API_AUTH"', '"THREE_DS_AUTH"'],
    ['"conversationId"', '"other"'],
    ['22484059,"status"', '22484058,"status"'],
  ] as const) {
    const body = IYZICO_WEBHOOK.W2.body.replace(from, to);
    t.not(tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature, body)), 'IyzicoPaymentNotified', from);
  }
  const unsignedChanged = IYZICO_WEBHOOK.W2.body
    .replace('"merchantId":3404590', '"merchantId":1')
    .replace('1766730778396', '1766730778999');
  t.is(tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature, unsignedChanged)), 'IyzicoPaymentNotified');
  t.is(tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature.toUpperCase())), 'IyzicoPaymentNotified');
});

test('iyzico webhook: paymentId ≠ iyziPaymentId, a float id, an array or a form body are refused without throwing', (t) => {
  const scheme = createIyzicoWebhookScheme(IYZICO_WEBHOOK.W2);
  const differ = IYZICO_WEBHOOK.W2.body.replace('"iyziPaymentId":22484059', '"iyziPaymentId":22484060');
  t.is(tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature, differ)), 'MalformedCallback');
  const float = IYZICO_WEBHOOK.W2.body.replaceAll('22484059', '22484059.5');
  t.is(tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature, float)), 'MalformedCallback');
  t.is(tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature, '[1,2]')), 'MalformedCallback');
  t.is(tagOf(scheme, webhookRaw(IYZICO_WEBHOOK.W2, IYZICO_WEBHOOK.W2.signature, '{"status":')), 'MalformedCallback');
  t.is(tagOf(scheme, raw(IYZICO_WEBHOOK.W2.body, FORM, { 'x-iyz-signature-v3': IYZICO_WEBHOOK.W2.signature })), 'UnsupportedMediaType');
});

// iyzico subscription webhook (reference §3)

test('iyzico subscription: S1 (merchantId first, as in the code samples) is accepted; S2 (prose order) is refused', (t) => {
  const scheme = createIyzicoSubscriptionScheme(IYZICO_SUBSCRIPTION);
  t.like(verified(scheme, raw(IYZICO_SUBSCRIPTION.body, JSON_TYPE, { 'x-iyz-signature-v3': IYZICO_SUBSCRIPTION.S1 })), {
    _tag: 'IyzicoSubscriptionNotified',
    eventType: 'subscription.order.success',
    orderReferenceCode: 'ae5fcbf8-4fd2-46e5-b199-8f690ae9fae5',
    dedupeKey: 'subscription.order.success:ae5fcbf8-4fd2-46e5-b199-8f690ae9fae5',
  });
  t.is(tagOf(scheme, raw(IYZICO_SUBSCRIPTION.body, JSON_TYPE, { 'x-iyz-signature-v3': IYZICO_SUBSCRIPTION.S2 })), 'InvalidSignature');
  t.is(
    tagOf(
      createIyzicoSubscriptionScheme({ ...IYZICO_SUBSCRIPTION, merchantId: '3404591' }),
      raw(IYZICO_SUBSCRIPTION.body, JSON_TYPE, { 'x-iyz-signature-v3': IYZICO_SUBSCRIPTION.S1 }),
    ),
    'InvalidSignature',
  );
  t.is(tagOf(scheme, raw(IYZICO_SUBSCRIPTION.body, JSON_TYPE)), 'MissingSignature');
  const failure = IYZICO_SUBSCRIPTION.body.replace('order.success', 'order.failure');
  t.is(tagOf(scheme, raw(failure, JSON_TYPE, { 'x-iyz-signature-v3': IYZICO_SUBSCRIPTION.S1 })), 'InvalidSignature');
});

// PayTR notification (reference §4.2)

test('PayTR: P1 (third-party vector) and the computed P2–P4 are accepted', (t) => {
  t.like(verified(createPaytrNotificationScheme(PAYTR.P1), raw(PAYTR.P1.body, FORM)), {
    merchantOid: 'ord-1',
    status: 'success',
    totalAmountMinor: 14990,
  });
  t.like(verified(createPaytrNotificationScheme(PAYTR.P2), raw(PAYTR.P2.body, FORM)), {
    _tag: 'PaytrNotified',
    merchantOid: 'GYM20261121A1',
    totalAmountMinor: 34556,
    dedupeKey: 'GYM20261121A1:success',
    unsigned: { currency: 'TL', testMode: true, paymentType: 'card', paymentAmountMinor: 34556 },
  });
  t.like(verified(createPaytrNotificationScheme(PAYTR.P3), raw(PAYTR.P3.body, FORM)), {
    status: 'failed',
    totalAmountMinor: 0,
    unsigned: { failedReasonCode: '6' },
  });
  t.like(verified(createPaytrNotificationScheme(PAYTR.P4), raw(PAYTR.P4.body, FORM)), { status: 'failed', totalAmountMinor: 34556 });
});

test("PayTR: ten times the amount, a changed status or oid, or a wrong salt is a bad hash; unsigned fields don't matter", (t) => {
  const scheme = createPaytrNotificationScheme(PAYTR.P1);
  t.is(tagOf(scheme, raw(withField(PAYTR.P1.body, 'total_amount', '149900'), FORM)), 'InvalidSignature');
  t.is(tagOf(scheme, raw(withField(PAYTR.P1.body, 'status', 'failed'), FORM)), 'InvalidSignature');
  t.is(tagOf(scheme, raw(withField(PAYTR.P1.body, 'merchant_oid', 'ord-2'), FORM)), 'InvalidSignature');
  t.is(tagOf(createPaytrNotificationScheme({ ...PAYTR.P1, merchantSalt: 'other' }), raw(PAYTR.P1.body, FORM)), 'InvalidSignature');
  t.is(tagOf(scheme, raw(`${PAYTR.P1.body}&currency=USD&payment_amount=1&test_mode=0`, FORM)), 'PaytrNotified');
});

test("PayTR: a hash sent with a raw '+' (decoded as a space) still verifies after the repair", (t) => {
  const scheme = createPaytrNotificationScheme(PAYTR.P1);
  const unencodedPlus = 'merchant_oid=ord-1&status=success&total_amount=14990&hash=bGOjbiyL0EfGqNehYd/+AxWSZyvFgfp4Uc+KUiqnfsc=';
  t.is(tagOf(scheme, raw(unencodedPlus, FORM)), 'PaytrNotified');
});

test('PayTR: duplicated signed keys, a missing hash or field, a non-integer amount and JSON are refused', (t) => {
  const scheme = createPaytrNotificationScheme(PAYTR.P1);
  t.is(tagOf(scheme, raw(`${PAYTR.P1.body}&total_amount=1`, FORM)), 'MalformedCallback');
  t.is(tagOf(scheme, raw(`${PAYTR.P1.body}&hash=x`, FORM)), 'MalformedCallback');
  t.is(tagOf(scheme, raw('merchant_oid=ord-1&status=success&total_amount=14990', FORM)), 'MissingSignature');
  t.is(tagOf(scheme, raw(PAYTR.P1.body.replace('status=success&', ''), FORM)), 'MalformedCallback');
  t.is(tagOf(scheme, raw(PAYTR.P1.body, JSON_TYPE)), 'UnsupportedMediaType');
  t.is(tagOf(scheme, raw('', FORM)), 'MissingSignature');
});

// Found by the API fuzzer: a signed PayTR notice whose oid held a NUL reached the callback inbox,
// which PostgreSQL cannot store, and answered 500 to every retry.
test('a NUL in any field, form or JSON, signed or not, is malformed before anything is recorded', (t) => {
  const paytr = createPaytrNotificationScheme(PAYTR.P1);
  const oid = 'ord\u00001';
  const hash = hmacBase64(PAYTR.P1.merchantKey, `${oid}${PAYTR.P1.merchantSalt}success14990`);
  const signedWithNul = new URLSearchParams({ merchant_oid: oid, status: 'success', total_amount: '14990', hash }).toString();
  t.is(tagOf(paytr, raw(signedWithNul, FORM)), 'MalformedCallback');
  t.is(tagOf(paytr, raw(`${PAYTR.P1.body}&failed_reason_msg=a%00b`, FORM)), 'MalformedCallback');
  t.is(tagOf(paytr, raw(`${PAYTR.P1.body}&a%00=1`, FORM)), 'MalformedCallback');
  // The signed fields stay as they were, so the signature still matches: only the NUL refuses it.
  const subscription = createIyzicoSubscriptionScheme(IYZICO_SUBSCRIPTION);
  const withNul = IYZICO_SUBSCRIPTION.body.replace(/}$/, ',"note":{"deep":["x\\u0000y"]}}');
  t.is(
    tagOf(
      subscription,
      raw(withNul.replace(',"note":{"deep":["x\\u0000y"]}}', '}'), JSON_TYPE, { 'x-iyz-signature-v3': IYZICO_SUBSCRIPTION.S1 }),
    ),
    'IyzicoSubscriptionNotified',
  );
  t.is(tagOf(subscription, raw(withNul, JSON_TYPE, { 'x-iyz-signature-v3': IYZICO_SUBSCRIPTION.S1 })), 'MalformedCallback');
});
