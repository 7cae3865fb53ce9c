import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { NationalId, SignatureImage, TypedName, type AgreementError } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { publicEndpoint, rawBodyEndpoint } from '../edge/public-endpoint.js';
import { failure, text, withHeaders, type Reply } from '../edge/reply.js';
import { ERROR_STATUS } from '../errors/error-status.js';
import type { Route } from './route.js';
import type { AgreementLinkBudget } from '../middleware/agreement-link-budget.js';
import { LanguageQuery, TokenParams, wantedLanguage } from '../requests/agreement-requests.js';
import { formPage, labelsOf, problemPage, signedPage, type PageLanguage } from './signing-page.js';

const HTML_DOC = { contentType: 'text/html', schema: { type: 'string' } } as const;

/**
 * The headers of every hosted page: a strict Content-Security-Policy (nothing from elsewhere; the one
 * inline style and script carry this response's nonce), no referrer (the token is in the URL), no caching.
 */
const htmlReply = (status: number, html: string, nonce: string): Reply =>
  withHeaders(text(status, 'text/html', html), {
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });

const newNonce = (): string => randomBytes(16).toString('base64');

const problemReply = (language: PageLanguage, error: AgreementError, nonce: string): Reply => {
  const words = labelsOf(language);
  const message =
    error._tag === 'AgreementLinkUsed'
      ? words.used
      : error._tag === 'AgreementLinkExpired'
        ? words.expired
        : error._tag === 'AgreementLinkNotFound'
          ? words.unknown
          : `${words.back} (${error._tag === 'AgreementInputInvalid' ? error.fields.join(', ') : error._tag})`;
  return htmlReply(ERROR_STATUS[error._tag], problemPage(language, message, nonce), nonce);
};

/** The form fields as posted, each checked by the same codecs as the JSON route; problems name fields only. */
const fieldsOf = (form: URLSearchParams) => {
  const problems: string[] = [];
  const field = <A>(name: string, codec: t.Decoder<unknown, A>, value: string | null): A | null => {
    if (value === null || value === '') return null;
    const decoded = codec.decode(value);
    if (E.isLeft(decoded)) {
      problems.push(name);
      return null;
    }
    return decoded.right;
  };
  const typedName = field('typedName', TypedName, form.get('typedName'));
  if (typedName === null && !problems.includes('typedName')) problems.push('typedName');
  const consent = ['true', 'on', 'yes'].includes(form.get('consent') ?? '');
  if (!consent) problems.push('consent');
  return {
    problems,
    typedName,
    nationalId: field('nationalId', NationalId, form.get('nationalId')),
    signatureImage: field('signatureImage', SignatureImage, form.get('signatureImage')),
    language: (form.get('language') === 'tr' ? 'tr' : form.get('language') === 'en' ? 'en' : null) as PageLanguage | null,
  };
};

/**
 * The hosted signing page for gyms without their own app: `GET /sign/:token` (server-rendered, en/tr
 * by `Accept-Language`, works without JavaScript) and its form post `POST /sign/:token`
 * (`application/x-www-form-urlencoded`), answered in HTML with the receipt id.
 */
export const signingPageRoutes = (services: HttpServices, budget: AgreementLinkBudget): readonly Route[] => [
  publicEndpoint({
    method: 'get',
    path: '/sign/:token',
    params: TokenParams,
    query: LanguageQuery,
    doc: {
      summary: 'The hosted signing page (HTML; en/tr by Accept-Language; works without JavaScript)',
      tag: 'agreements',
      responses: { 200: { description: 'The page', body: HTML_DOC } },
      errors: ['AgreementLinkNotFound', 'AgreementLinkExpired', 'AgreementLinkUsed', 'RateLimited'],
    },
    handle: ({ params, query, header, path }) =>
      budget.guard(params.token, path, async () => {
        const wanted = wantedLanguage(query.lang, header('accept-language'));
        const nonce = newNonce();
        const opened = await services.openAgreementForm(params.token, wanted)();
        return E.isLeft(opened)
          ? problemReply(wanted ?? 'en', opened.left, nonce)
          : htmlReply(200, formPage(opened.right, params.token, nonce), nonce);
      }),
  }),
  rawBodyEndpoint({
    method: 'post',
    path: '/sign/:token',
    params: TokenParams,
    rawBody: {
      limit: 160 * 1024,
      tooLarge: 'The signature is too large (the image may be 100 KB at most)',
      encoded: 'Compressed bodies are not accepted',
      consumed: () => failure({ _tag: 'InternalError', message: 'Signature body unavailable' }),
    },
    doc: {
      summary: "The hosted page's form post: signs once and answers an HTML confirmation with the receipt id",
      tag: 'agreements',
      rawBody: {
        description: 'typedName, consent, nationalId?, signatureImage? (a PNG data URL), language',
        content: { 'application/x-www-form-urlencoded': { type: 'object' } },
      },
      responses: { 200: { description: 'The confirmation', body: HTML_DOC } },
      errors: ['AgreementLinkNotFound', 'AgreementLinkExpired', 'AgreementLinkUsed', 'AgreementInputInvalid', 'RateLimited'],
    },
    handle: ({ params, header, clientAddress, readBody, path }) =>
      budget.guard(params.token, path, async () => {
        const raw = await readBody();
        if (E.isLeft(raw)) return raw.left;
        const nonce = newNonce();
        const fields = fieldsOf(new URLSearchParams(raw.right.toString('utf8')));
        const language = fields.language ?? wantedLanguage(undefined, header('accept-language')) ?? 'en';
        if (fields.problems.length > 0 || fields.typedName === null) {
          const problems: Record<string, string> = Object.fromEntries(fields.problems.map((name) => [name, 'invalid']));
          return problemReply(language, { _tag: 'AgreementInputInvalid', message: '', fields: Object.keys(problems) }, nonce);
        }
        const signed = await services.signAgreement(params.token, {
          typedName: fields.typedName,
          consent: true,
          signatureImage: fields.signatureImage,
          nationalId: fields.nationalId,
          language: fields.language,
          clientAddress,
          userAgent: header('user-agent') ?? '',
        })();
        return E.isLeft(signed)
          ? problemReply(language, signed.left, nonce)
          : htmlReply(200, signedPage(language, signed.right.receiptId, nonce), nonce);
      }),
  }),
];
