import * as E from 'fp-ts/lib/Either.js';
import { rejection, type CallbackRejection, type CallbackScheme, type PaytrNotified, type RawCallback } from '@idv/core';
import { constantTimeEqual, hmacBase64 } from '../shared/mac.js';
import { parseForm } from '../shared/parse.js';

const SIGNED = ['merchant_oid', 'status', 'total_amount', 'hash'] as const;

/** PayTR's merchant key and salt (trimmed at configuration). */
export interface PaytrNotificationOptions {
  readonly merchantKey: string;
  readonly merchantSalt: string;
}

const minor = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
};

/**
 * PayTR's notification ("Bildirim URL", reference §4): base64 HMAC-SHA256 keyed with the merchant
 * key over `merchant_oid + merchant_salt + status + total_amount`, the fields as received. Only those
 * three are trusted; failures are verified too (a forged "failed" must not cancel an order).
 *
 * @example
 * createPaytrNotificationScheme({ merchantKey, merchantSalt }).verify(raw); // Right({ _tag: 'PaytrNotified', status: 'success', … })
 */
export const createPaytrNotificationScheme = ({ merchantKey, merchantSalt }: PaytrNotificationOptions): CallbackScheme => ({
  id: 'paytr-notification',
  verify: (raw: RawCallback): E.Either<CallbackRejection, PaytrNotified> => {
    const form = parseForm(raw, SIGNED);
    if (E.isLeft(form)) return form;
    const field = (name: string) => form.right.get(name);
    const received = field('hash');
    if (received === undefined || received === '') return E.left(rejection.missingSignature());
    const oid = field('merchant_oid');
    const status = field('status');
    const total = field('total_amount');
    if (oid === undefined || status === undefined || total === undefined)
      return E.left(rejection.malformed('merchant_oid, status and total_amount are required'));
    // reference §4.5: form decoding turns an unencoded '+' into a space; base64 never holds a space.
    const hash = received.replaceAll(' ', '+');
    if (!constantTimeEqual(hmacBase64(merchantKey, oid + merchantSalt + status + total), hash)) return E.left(rejection.invalidSignature());
    const totalAmountMinor = minor(total);
    if (totalAmountMinor === undefined) return E.left(rejection.malformed('total_amount'));
    if (status !== 'success' && status !== 'failed') return E.left(rejection.malformed('status'));
    if (oid.length === 0 || oid.length > 64) return E.left(rejection.malformed('merchant_oid'));
    return E.right({
      _tag: 'PaytrNotified',
      scheme: 'paytr-notification',
      dedupeKey: `${oid}:${status}`,
      receivedAt: raw.receivedAt,
      merchantOid: oid,
      status,
      totalAmountMinor,
      unsigned: {
        paymentAmountMinor: minor(field('payment_amount')),
        currency: field('currency'),
        paymentType: field('payment_type'),
        testMode: field('test_mode') === '1',
        failedReasonCode: field('failed_reason_code'),
      },
    });
  },
});
