import * as E from 'fp-ts/lib/Either.js';
import type { GatewayFailure, Initialized, InitializePayment, Logger, PaymentTransaction, ProviderVerdict } from '@idv/core';
import { requestAmount } from '../shared/amounts.js';
import { hexEqual, hmacHex } from '../shared/mac.js';
import { postToProvider, textOf, type ProviderAnswer, type ProviderTransport } from '../shared/provider-http.js';
import { fillBuyer } from './buyer.js';
import { iyzwsHeaders } from './iyzws.js';
import { checkedPaymentResult, iyzicoFailureCode, verdictOfFraudStatus } from './payment-result.js';

/** iyzico's credentials and where this service is reached. */
export interface IyzicoGatewayOptions {
  readonly apiKey: string;
  readonly secretKey: string;
  /** `IYZICO_BASE_URL`, e.g. `https://sandbox-api.iyzipay.com`. */
  readonly baseUrl: string;
  /** Where iyzico sends the payer's browser after 3DS: `${PUBLIC_API_URL}/payments/callbacks/iyzico/3ds`. */
  readonly callbackUrl: string;
  readonly transport: ProviderTransport;
  readonly logger: Logger;
}

/** One provider's part of the `PaymentGateway` port. */
export interface ProviderGateway {
  /** Starts a payment at the provider: what the client must do next, or the provider's refusal or an outage. */
  initialize(request: InitializePayment): Promise<E.Either<GatewayFailure, Initialized>>;
  /** Completes a 3-D Secure payment at the provider and returns its verdict. */
  completeThreeDs(transaction: PaymentTransaction): Promise<ProviderVerdict>;
  /** Asks the provider for a payment's current status. */
  queryStatus(transaction: PaymentTransaction): Promise<ProviderVerdict>;
}

const unavailable = (reason: string): E.Either<GatewayFailure, never> => E.left({ _tag: 'Unavailable', reason });

/**
 * iyzico's API over `fetch` with IYZWSv2 (reference §1): 3DS initialize (its HTML content decoded
 * from base64), the v2 3DS auth after the browser returned (the call that takes the money; its
 * answer's signature and amounts checked) and `/payment/detail` for the sweeper. The card and the
 * national ID go into the one request body and nowhere else.
 *
 * @example
 * const iyzico = createIyzicoGateway({ apiKey, secretKey, baseUrl, callbackUrl, transport, logger });
 */
export const createIyzicoGateway = (options: IyzicoGatewayOptions): ProviderGateway => {
  const post = (path: string, request: Record<string, unknown>): Promise<ProviderAnswer> => {
    const body = JSON.stringify(request);
    return postToProvider(options.transport, `${options.baseUrl}${path}`, { headers: iyzwsHeaders(options, path, body), body });
  };
  // A money-moving answer that does not verify is a defect: the payment stays open for the webhook or the sweeper.
  const distrust = (path: string, transaction: PaymentTransaction, problem: string): never => {
    options.logger.error({ paymentId: transaction.id, path, problem }, 'iyzico answer refused');
    throw new Error(`iyzico ${path}: ${problem}`);
  };

  return {
    initialize: async (request) => {
      if (request.card === undefined) return E.left({ _tag: 'Refused', code: 'iyzico:card_required' });
      const reference = request.merchantReference;
      const price = requestAmount(request.amountMinor);
      const buyer = await fillBuyer(request);
      const answer = await post('/payment/3dsecure/initialize', {
        locale: 'tr',
        conversationId: reference,
        price,
        paidPrice: price,
        currency: request.currency,
        installment: 1,
        basketId: reference,
        paymentChannel: 'WEB',
        paymentGroup: 'PRODUCT',
        callbackUrl: options.callbackUrl,
        paymentCard: {
          cardHolderName: request.card.holderName,
          cardNumber: request.card.number,
          expireMonth: request.card.expireMonth,
          expireYear: request.card.expireYear,
          cvc: request.card.cvc,
          registerCard: 0,
        },
        buyer: buyer.buyer,
        billingAddress: buyer.address,
        basketItems: [{ id: reference, name: request.description, category1: 'Membership', itemType: 'VIRTUAL', price }],
      });
      if (answer.kind === 'unreachable') return unavailable(answer.reason);
      if (answer.body['status'] !== 'success') return E.left({ _tag: 'Refused', code: iyzicoFailureCode(answer.body) });
      const paymentId = textOf(answer.body['paymentId']);
      const html = textOf(answer.body['threeDSHtmlContent']);
      if (paymentId === undefined || html === undefined)
        return unavailable('/payment/3dsecure/initialize: answer lacks paymentId or threeDSHtmlContent');
      const signature = textOf(answer.body['signature']);
      // reference §1.1: initialize signs paymentId:conversationId.
      if (
        signature !== undefined &&
        !hexEqual(hmacHex(options.secretKey, `${paymentId}:${textOf(answer.body['conversationId']) ?? ''}`), signature)
      ) {
        return unavailable('/payment/3dsecure/initialize: answer signature does not verify');
      }
      if (signature === undefined) options.logger.warn({ path: '/payment/3dsecure/initialize' }, 'iyzico answer carries no signature');
      return E.right({
        providerPaymentId: paymentId,
        providerToken: null,
        clientAction: { kind: 'threeDsHtml', html: Buffer.from(html, 'base64').toString('utf8') },
      });
    },

    completeThreeDs: async (transaction) => {
      const path = '/payment/v2/3dsecure/auth';
      if (transaction.providerPaymentId === null) return distrust(path, transaction, 'payment has no iyzico payment id');
      const answer = await post(path, {
        locale: 'tr',
        paymentId: transaction.providerPaymentId,
        conversationId: transaction.merchantReference,
        paidPrice: requestAmount(transaction.amountMinor),
        basketId: transaction.merchantReference,
        currency: transaction.currency,
      });
      if (answer.kind === 'unreachable') throw new Error(`iyzico ${answer.reason}`);
      if (answer.body['status'] !== 'success') return { status: 'failed', code: iyzicoFailureCode(answer.body) };
      const checked = checkedPaymentResult(options.secretKey, answer.body, transaction);
      if (E.isLeft(checked)) return distrust(path, transaction, checked.left);
      return verdictOfFraudStatus(checked.right.paidAmountMinor, checked.right.fraudStatus);
    },

    queryStatus: async (transaction) => {
      const path = '/payment/detail';
      if (transaction.providerPaymentId === null) return { status: 'pending' };
      const answer = await post(path, {
        locale: 'tr',
        conversationId: transaction.merchantReference,
        paymentId: transaction.providerPaymentId,
        paymentConversationId: transaction.merchantReference,
      });
      if (answer.kind === 'unreachable') throw new Error(`iyzico ${answer.reason}`);
      // Not found (no auth yet, or never initialized): nothing settled at iyzico.
      if (answer.body['status'] !== 'success') return { status: 'pending' };
      const paymentStatus = textOf(answer.body['paymentStatus']);
      if (paymentStatus === 'FAILURE') return { status: 'failed', code: iyzicoFailureCode(answer.body) };
      if (paymentStatus !== 'SUCCESS') return { status: 'pending' };
      const checked = checkedPaymentResult(options.secretKey, answer.body, transaction);
      if (E.isLeft(checked)) return distrust(path, transaction, checked.left);
      return verdictOfFraudStatus(checked.right.paidAmountMinor, checked.right.fraudStatus);
    },
  };
};
