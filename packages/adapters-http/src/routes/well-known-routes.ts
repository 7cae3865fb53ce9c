import type { Context } from 'koa';
import { appleAppSiteAssociationDocument, assetLinksDocument, type AppLinks } from '../app-links/app-links.js';
import { respondWithError } from '../errors/error-body.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import type { Route } from './route.js';

// Apple and Android fetch these without cookies or redirects and want exactly application/json
// (the AASA file has no extension to infer it from).
const serveJson = (ctx: Context, document: unknown | undefined): void => {
  if (document === undefined) {
    respondWithError(ctx, 'RouteNotFound', `No route for ${ctx.method} ${ctx.path}`);
    return;
  }
  ctx.set('Content-Type', 'application/json');
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.body = JSON.stringify(document);
};

/**
 * `GET /.well-known/apple-app-site-association` and `GET /.well-known/assetlinks.json`: the app-link
 * association files from configuration, so the mobile app catches `/sign-up` invitation links;
 * 404 (`RouteNotFound`) for a platform that is not configured.
 */
const appLinkDoc = (summary: string, schema: Record<string, unknown>): RouteDoc => ({
  summary,
  description: 'From configuration (`APPLE_APP_IDS`, `ANDROID_APP_PACKAGE`, `ANDROID_CERT_SHA256`); 404 when the platform is not configured.',
  tag: 'app-links',
  responses: { 200: { description: 'The association file (never a redirect)', body: { contentType: 'application/json', schema } } },
  errors: ['RouteNotFound'],
});

export const wellKnownRoutes = (appLinks: AppLinks | undefined): readonly Route[] => {
  const apple = appLinks !== undefined && appLinks.appleAppIds.length > 0 ? appleAppSiteAssociationDocument(appLinks.appleAppIds) : undefined;
  const android = appLinks?.android === undefined ? undefined : assetLinksDocument(appLinks.android);
  return [
    {
      method: 'get',
      path: '/.well-known/apple-app-site-association',
      access: 'public',
      doc: appLinkDoc('The iOS apps that open invitation links', { type: 'object', required: ['applinks'] }),
      handler: (ctx) => serveJson(ctx, apple),
    },
    {
      method: 'get',
      path: '/.well-known/assetlinks.json',
      access: 'public',
      doc: appLinkDoc('The Android app that opens invitation links', { type: 'array', items: { type: 'object' } }),
      handler: (ctx) => serveJson(ctx, android),
    },
  ];
};
