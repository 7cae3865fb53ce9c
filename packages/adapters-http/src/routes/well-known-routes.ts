import { appleAppSiteAssociationDocument, assetLinksDocument, type AppLinks } from '../app-links/app-links.js';
import { publicEndpoint, type PublicRequest } from '../edge/public-endpoint.js';
import { failure, type Reply } from '../edge/reply.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { appLinkFile } from '../responses/app-link-file.js';
import type { Route } from './route.js';

const appLinkDoc = (summary: string, schema: Record<string, unknown>): RouteDoc => ({
  summary,
  description:
    'From configuration (`APPLE_APP_IDS`, `ANDROID_APP_PACKAGE`, `ANDROID_CERT_SHA256`); 404 when the platform is not configured.',
  tag: 'app-links',
  responses: { 200: { description: 'The association file (never a redirect)', body: { contentType: 'application/json', schema } } },
  errors: ['RouteNotFound'],
});

/** The file, or 404 `RouteNotFound` as for any path no route serves when its platform is not configured. */
const serve =
  (document: unknown | undefined) =>
  async ({ method, path }: PublicRequest<unknown, unknown>): Promise<Reply> =>
    document === undefined ? failure({ _tag: 'RouteNotFound', message: `No route for ${method} ${path}` }) : appLinkFile(document);

/**
 * `GET /.well-known/apple-app-site-association` and `GET /.well-known/assetlinks.json`: the app-link
 * association files from configuration, so the mobile app catches `/sign-up` invitation links;
 * 404 (`RouteNotFound`) for a platform that is not configured.
 */
export const wellKnownRoutes = (appLinks: AppLinks | undefined): readonly Route[] => {
  const apple =
    appLinks !== undefined && appLinks.appleAppIds.length > 0 ? appleAppSiteAssociationDocument(appLinks.appleAppIds) : undefined;
  const android = appLinks?.android === undefined ? undefined : assetLinksDocument(appLinks.android);
  return [
    publicEndpoint({
      method: 'get',
      path: '/.well-known/apple-app-site-association',
      doc: appLinkDoc('The iOS apps that open invitation links', { type: 'object', required: ['applinks'] }),
      handle: serve(apple),
    }),
    publicEndpoint({
      method: 'get',
      path: '/.well-known/assetlinks.json',
      doc: appLinkDoc('The Android app that opens invitation links', { type: 'array', items: { type: 'object' } }),
      handle: serve(android),
    }),
  ];
};
