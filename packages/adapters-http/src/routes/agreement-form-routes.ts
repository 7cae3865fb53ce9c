import * as t from 'io-ts';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { publicEndpoint, publicJsonEndpoint } from '../edge/public-endpoint.js';
import { created, ok, replyWith } from '../edge/reply.js';
import type { AgreementLinkBudget } from '../middleware/agreement-link-budget.js';
import { LanguageQuery, MyAgreementParams, SignBody, TokenParams, wantedLanguage } from '../requests/agreement-requests.js';
import { AgreementView, FormView, LinkView, ReceiptView, agreementJson, formJson, linkJson } from '../responses/agreement-views.js';
import type { Route } from './route.js';

const LINK_ERRORS = ['AgreementLinkNotFound', 'AgreementLinkExpired', 'AgreementLinkUsed'] as const;
// A PNG signature of 100 KB, base64 in JSON, with the other fields.
const SIGN_BODY_LIMIT = 160 * 1024;

/**
 * Agreements for the signer: the caller's own agreements and fresh links (bearer), and the public
 * signing endpoints, where the link's token is the credential (under its failure budget).
 */
export const agreementFormRoutes = (services: HttpServices, budget: AgreementLinkBudget): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/users/me/agreements',
    doc: {
      summary: "The caller's pending and signed agreements",
      tag: 'agreements',
      responses: { 200: { description: 'The agreements', body: t.type({ items: t.array(AgreementView) }) } },
    },
    handle: async ({ caller }) => replyWith(await services.listMyAgreements(caller)(), (items) => ok({ items: items.map(agreementJson) })),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/users/me/agreements/:agreementId/link',
    params: MyAgreementParams,
    doc: {
      summary: 'A fresh signing link for one of my pending agreements; the old one stops working',
      tag: 'agreements',
      responses: { 201: { description: 'A fresh link', body: LinkView } },
      errors: ['UserNotFound', 'UserDeleted', 'AgreementNotFound', 'AgreementNotPending'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.issueMyAgreementLink(caller, params.agreementId)(), (link) => created(linkJson(link))),
  }),
  publicEndpoint({
    method: 'get',
    path: '/forms/:token',
    params: TokenParams,
    query: LanguageQuery,
    doc: {
      summary: 'The document a signing link shows, in the signer’s language (public: the token is the credential)',
      tag: 'agreements',
      responses: { 200: { description: 'The form', body: FormView } },
      errors: [...LINK_ERRORS, 'RateLimited'],
    },
    handle: async ({ params, query, header, path }) =>
      budget.guard(params.token, path, async () =>
        replyWith(await services.openAgreementForm(params.token, wantedLanguage(query.lang, header('accept-language')))(), (form) =>
          ok(formJson(form)),
        ),
      ),
  }),
  publicJsonEndpoint({
    method: 'post',
    path: '/forms/:token/sign',
    params: TokenParams,
    body: SignBody,
    bodyLimit: SIGN_BODY_LIMIT,
    doc: {
      summary: 'Sign through a link, once: typed name, consent, optional PNG signature and national ID; answers the receipt id',
      tag: 'agreements',
      responses: { 201: { description: 'Signed', body: ReceiptView } },
      errors: [...LINK_ERRORS, 'RateLimited', 'AgreementInputInvalid'],
    },
    handle: ({ params, body, header, clientAddress, path }) =>
      budget.guard(params.token, path, async () =>
        replyWith(
          await services.signAgreement(params.token, {
            typedName: body.typedName,
            consent: true,
            signatureImage: body.signatureImage ?? null,
            nationalId: body.nationalId ?? null,
            language: body.language ?? wantedLanguage(undefined, header('accept-language')),
            clientAddress,
            userAgent: header('user-agent') ?? '',
          })(),
          (receipt) =>
            created({ agreementId: receipt.agreementId, receiptId: receipt.receiptId, signedAt: receipt.signedAt.toISOString() }),
        ),
      ),
  }),
];
