import { withHeaders, type Reply } from '../edge/reply.js';

/**
 * An app-link association file. Apple and Android fetch these without cookies or redirects and want
 * exactly `application/json` (the AASA file has no extension to infer it from); an hour's cache.
 */
export const appLinkFile = (document: unknown): Reply =>
  withHeaders({ status: 200, body: document, mediaType: 'application/json' }, { 'Cache-Control': 'public, max-age=3600' });
