import * as E from 'fp-ts/lib/Either.js';
import { rejection, type CallbackRejection, type CallbackScheme, type RawCallback, type ThreeDsReturned } from '@idv/core';
import { hexEqual, hmacHex } from '../shared/mac.js';
import { parseForm } from '../shared/parse.js';

const SIGNED = ['conversationData', 'conversationId', 'mdStatus', 'paymentId', 'status', 'signature'] as const;

/** iyzico's secret key (trimmed at configuration). */
export interface IyzicoThreeDsOptions {
  readonly secretKey: string;
}

/**
 * iyzico's 3DS `callbackUrl` form POST (reference §1.2–1.3): lower-case hex HMAC-SHA256, keyed with
 * the secret key, over `conversationData:conversationId:mdStatus:paymentId:status` (empty fields
 * keep their separators).
 *
 * @example
 * const scheme = createIyzicoThreeDsScheme({ secretKey });
 * scheme.verify(raw); // Right({ _tag: 'ThreeDsReturned', paymentId: '22484292', mdStatus: '1', … })
 */
export const createIyzicoThreeDsScheme = ({ secretKey }: IyzicoThreeDsOptions): CallbackScheme => ({
  id: 'iyzico-3ds',
  verify: (raw: RawCallback): E.Either<CallbackRejection, ThreeDsReturned> => {
    const form = parseForm(raw, SIGNED);
    if (E.isLeft(form)) return form;
    const field = (name: string) => form.right.get(name) ?? '';
    const signature = form.right.get('signature');
    if (signature === undefined || signature === '') return E.left(rejection.missingSignature());
    const data = [field('conversationData'), field('conversationId'), field('mdStatus'), field('paymentId'), field('status')].join(':');
    if (!hexEqual(hmacHex(secretKey, data), signature)) return E.left(rejection.invalidSignature());
    const paymentId = field('paymentId');
    const status = field('status');
    if (!/^\d{1,20}$/.test(paymentId)) return E.left(rejection.malformed('paymentId'));
    if (status !== 'success' && status !== 'failure') return E.left(rejection.malformed('status'));
    if (!/^\d$/.test(field('mdStatus'))) return E.left(rejection.malformed('mdStatus'));
    return E.right({
      _tag: 'ThreeDsReturned',
      scheme: 'iyzico-3ds',
      dedupeKey: `${paymentId}:${field('mdStatus')}:${status}`,
      receivedAt: raw.receivedAt,
      paymentId,
      conversationId: field('conversationId'),
      conversationData: field('conversationData'),
      mdStatus: field('mdStatus'),
      status,
    });
  },
});
