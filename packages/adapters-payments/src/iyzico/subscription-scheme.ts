import * as E from 'fp-ts/lib/Either.js';
import { rejection, type CallbackRejection, type CallbackScheme, type IyzicoSubscriptionNotified, type RawCallback } from '@idv/core';
import { hexEqual, hmacHex } from '../shared/mac.js';
import { parseJsonObject, signedFields, unsignedNumber, unsignedText } from '../shared/parse.js';
import { IYZICO_SIGNATURE_HEADER } from './webhook-scheme.js';

/** iyzico's secret key and merchant id (`IYZICO_MERCHANT_ID`: the body does not carry it). */
export interface IyzicoSubscriptionOptions {
  readonly secretKey: string;
  readonly merchantId: string;
}

/**
 * iyzico's subscription webhook (reference §3): `X-IYZ-SIGNATURE-V3`, lower-case hex HMAC-SHA256 keyed
 * with the secret key over `merchantId + secretKey + iyziEventType + subscriptionReferenceCode +
 * orderReferenceCode + customerReferenceCode` (the order of iyzico's code samples, not its prose).
 *
 * @example
 * createIyzicoSubscriptionScheme({ secretKey, merchantId }).verify(raw); // Right({ _tag: 'IyzicoSubscriptionNotified', … })
 */
export const createIyzicoSubscriptionScheme = ({ secretKey, merchantId }: IyzicoSubscriptionOptions): CallbackScheme => ({
  id: 'iyzico-subscription',
  verify: (raw: RawCallback): E.Either<CallbackRejection, IyzicoSubscriptionNotified> => {
    const signature = raw.header(IYZICO_SIGNATURE_HEADER);
    if (signature === undefined || signature.trim() === '') return E.left(rejection.missingSignature());
    const parsed = parseJsonObject(raw);
    if (E.isLeft(parsed)) return parsed;
    const fields = signedFields(parsed.right, [
      'iyziEventType',
      'subscriptionReferenceCode',
      'orderReferenceCode',
      'customerReferenceCode',
    ]);
    if (E.isLeft(fields)) return fields;
    const { iyziEventType, subscriptionReferenceCode, orderReferenceCode, customerReferenceCode } = fields.right;
    const message = merchantId + secretKey + iyziEventType + subscriptionReferenceCode + orderReferenceCode + customerReferenceCode;
    if (!hexEqual(hmacHex(secretKey, message), signature)) return E.left(rejection.invalidSignature());
    return E.right({
      _tag: 'IyzicoSubscriptionNotified',
      scheme: 'iyzico-subscription',
      dedupeKey: `${iyziEventType}:${orderReferenceCode}`,
      receivedAt: raw.receivedAt,
      eventType: iyziEventType,
      subscriptionReferenceCode,
      orderReferenceCode,
      customerReferenceCode,
      unsigned: {
        referenceCode: unsignedText(parsed.right['iyziReferenceCode']),
        eventTimeMs: unsignedNumber(parsed.right['iyziEventTime']),
      },
    });
  },
});
