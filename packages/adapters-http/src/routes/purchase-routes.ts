import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { IdempotencyKey, idempotencyKeyRequired, type StartedPurchase } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { publicJsonEndpoint } from '../edge/public-endpoint.js';
import { failure, type Reply } from '../edge/reply.js';
import { PublicOrganizationParams, PurchaseBody } from '../requests/commerce-requests.js';
import { PurchaseSummaryView } from '../responses/commerce-views.js';
import { DateTime } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const PurchaseStarted = t.type(
  {
    purchase: PurchaseSummaryView,
    statusToken: t.string,
    statusTokenExpiresAt: DateTime,
    payment: t.intersection([t.type({ merchantReference: t.string }), t.partial({ threeDsHtmlContent: t.string, iframeUrl: t.string })]),
  },
  'PurchaseStarted',
);

// Everything but the status token, which is made again from the purchase id and expiry on every answer.
const startedJson = ({ purchase, payment, clientAction, statusTokenExpiresAt }: StartedPurchase) => ({
  purchase: { id: purchase.id, status: purchase.status },
  statusTokenExpiresAt: statusTokenExpiresAt.toISOString(),
  payment: {
    merchantReference: payment.merchantReference,
    ...(clientAction.kind === 'threeDsHtml' ? { threeDsHtmlContent: clientAction.html } : { iframeUrl: clientAction.url }),
  },
});

const withStatusToken = (services: HttpServices, reply: Reply): Reply => {
  if (reply.status !== 201) return reply;
  const body = reply.body as ReturnType<typeof startedJson>;
  const statusToken = services.purchaseStatusToken(body.purchase.id, new Date(body.statusTokenExpiresAt));
  return { ...reply, body: { ...body, statusToken } };
};

/** `POST /public/organizations/:slug/purchases`: a visitor buys a plan (followed through `purchaseStatusRoutes`). */
export const purchaseRoutes = (services: HttpServices): readonly Route[] => [
  publicJsonEndpoint({
    method: 'post',
    path: '/public/organizations/:slug/purchases',
    params: PublicOrganizationParams,
    body: PurchaseBody,
    optionalBearer: true,
    doc: {
      summary: 'Buy a plan on the public page (public; requires Idempotency-Key)',
      description:
        "No account needed; behind the public rate limiter. The `Idempotency-Key` header (8–255 visible ASCII characters) is kept 24 h: the same key with the same body answers the first answer again (one payment), with another body 422 IdempotencyKeyReused; bodies are compared by a keyed HMAC without `card`, `nationalId` and `botCheckToken`; a 403 or 429 answer is not kept, so the same key may be sent again with a new token or after the wait. Where the bot check is on (`TURNSTILE_SECRET_KEY`, or `BOT_CHECK_LOCAL` in development), `botCheckToken` must be a fresh token of the page's challenge: missing, invalid or replayed answers 403 BotCheckFailed. Purchases are budgeted per client address and per buyer's email (429 PurchaseRateLimited with `Retry-After`). A bearer token is optional: a signed-in buyer who is already a member of the organization gets 409 AlreadyMember before any payment; an invalid token is 401; an anonymous buyer is never told whether an address is a member. iyzico needs `card` and `nationalId` (the buyer's `identityNumber`), used for the provider's one call and never stored or logged. `statusToken` authenticates `GET /public/purchases/:purchaseId`.",
      tag: 'public',
      responses: { 201: { description: 'The purchase awaits payment', body: PurchaseStarted } },
      errors: [
        'BotCheckFailed',
        'PurchaseRateLimited',
        'AlreadyMember',
        'IdempotencyKeyRequired',
        'IdempotencyKeyReused',
        'IdempotencyKeyInProgress',
        'OrganizationNotFound',
        'PlanNotFound',
        'PlanSoldOut',
        'PaymentProviderNotEnabled',
        'CardRequired',
        'NationalIdRequired',
        'PaymentRefused',
        'PaymentProviderUnavailable',
      ],
    },
    handle: async ({ params, body, header, clientAddress, caller }) => {
      const key = IdempotencyKey.decode(header('idempotency-key'));
      if (E.isLeft(key)) return failure(idempotencyKeyRequired());
      const buyer = caller?.user?.id;
      let fresh: Reply | undefined;
      // The signed-in buyer is part of the request: one key never answers one buyer's outcome to another.
      const fingerprinted = { ...body, buyer: buyer ?? null };
      const answered = await services.purchaseOnce(`purchase:${params.slug}`, key.right, fingerprinted, async () => {
        const started = await services.startPurchase(params.slug, { ...body, clientAddress, buyer })();
        fresh = E.isLeft(started) ? failure(started.left) : { status: 201, body: startedJson(started.right) };
        return { status: fresh.status, body: fresh.body };
      })();
      if (E.isLeft(answered)) return failure(answered.left);
      const reply: Reply =
        !answered.right.replayed && fresh !== undefined ? fresh : { status: answered.right.status, body: answered.right.body };
      return withStatusToken(services, reply);
    },
  }),
];
