import * as E from 'fp-ts/lib/Either.js';
import { rejection, type CallbackRejection, type CallbackScheme, type IyzicoPaymentNotified, type RawCallback } from '@idv/core';
import { hexEqual, hmacHex } from '../shared/mac.js';
import { parseJsonObject, signedFields, signedText, unsignedNumber, unsignedText } from '../shared/parse.js';

/** iyzico's secret key (trimmed at configuration). */
export interface IyzicoWebhookOptions {
  readonly secretKey: string;
}

/** The signature header of both iyzico webhooks (V1 and V2 are deprecated and not implemented). */
export const IYZICO_SIGNATURE_HEADER = 'x-iyz-signature-v3';

/**
 * iyzico's payment webhook, header `X-IYZ-SIGNATURE-V3` (reference §2.3): lower-case hex HMAC-SHA256
 * keyed with the secret key over `secretKey + iyziEventType + paymentId + paymentConversationId + status`
 * (direct) or `… + iyziPaymentId + token + …` (HPP). Unsigned deliveries are refused.
 *
 * @example
 * createIyzicoWebhookScheme({ secretKey }).verify(raw); // Right({ _tag: 'IyzicoPaymentNotified', format: 'direct', … })
 */
export const createIyzicoWebhookScheme = ({ secretKey }: IyzicoWebhookOptions): CallbackScheme => ({
  id: 'iyzico-webhook',
  verify: (raw: RawCallback): E.Either<CallbackRejection, IyzicoPaymentNotified> => {
    const signature = raw.header(IYZICO_SIGNATURE_HEADER);
    if (signature === undefined || signature.trim() === '') return E.left(rejection.missingSignature());
    const parsed = parseJsonObject(raw);
    if (E.isLeft(parsed)) return parsed;
    const body = parsed.right;
    const common = signedFields(body, ['iyziEventType', 'paymentConversationId', 'status']);
    if (E.isLeft(common)) return common;
    const hpp = body['token'] !== undefined;
    const token = hpp ? signedText(body['token']) : undefined;
    if (hpp && token === undefined) return E.left(rejection.malformed('token'));
    const paymentId = signedText(body['paymentId']);
    const iyziPaymentId = signedText(body['iyziPaymentId']);
    if (body['paymentId'] !== undefined && paymentId === undefined) return E.left(rejection.malformed('paymentId'));
    if (body['iyziPaymentId'] !== undefined && iyziPaymentId === undefined) return E.left(rejection.malformed('iyziPaymentId'));
    // reference §2.3: the samples fill paymentId from iyziPaymentId; two different values are not ours to pick from.
    if (paymentId !== undefined && iyziPaymentId !== undefined && paymentId !== iyziPaymentId)
      return E.left(rejection.malformed('paymentId differs from iyziPaymentId'));
    const id = hpp ? iyziPaymentId : (paymentId ?? iyziPaymentId);
    if (id === undefined) return E.left(rejection.malformed('paymentId missing'));
    const { iyziEventType, paymentConversationId, status } = common.right;
    const message = secretKey + iyziEventType + id + (token ?? '') + paymentConversationId + status;
    if (!hexEqual(hmacHex(secretKey, message), signature)) return E.left(rejection.invalidSignature());
    return E.right({
      _tag: 'IyzicoPaymentNotified',
      scheme: 'iyzico-webhook',
      dedupeKey: `${iyziEventType}:${id}:${status}`,
      receivedAt: raw.receivedAt,
      format: hpp ? 'hpp' : 'direct',
      eventType: iyziEventType,
      paymentId: id,
      conversationId: paymentConversationId,
      token,
      status,
      unsigned: {
        referenceCode: unsignedText(body['iyziReferenceCode']),
        eventTimeMs: unsignedNumber(body['iyziEventTime']),
        merchantId: unsignedText(body['merchantId']),
      },
    });
  },
});
