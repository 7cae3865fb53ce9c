/** The apps that may open the service's links (decoded from configuration by the composition root). */
export interface AppLinks {
  /** iOS: `TEAMID.bundle.id` of each app (`APPLE_APP_IDS`); empty means no AASA file. */
  readonly appleAppIds: readonly string[];
  /** Android: the package (`ANDROID_APP_PACKAGE`) and its signing certificates (`ANDROID_CERT_SHA256`). */
  readonly android?: { readonly packageName: string; readonly sha256Fingerprints: readonly string[] };
}

/** The paths the mobile app catches: the invitation link `{app_url}/sign-up?__idp_ticket=…` (spec, Client behavior). */
export const APP_LINK_PATHS: readonly string[] = ['/sign-up*'];

/**
 * The `apple-app-site-association` document: iOS 13+ `components` for the invitation path. The
 * same document as `@idv/client`'s `appleAppSiteAssociation` (adapters never import the client
 * package; a test compares the two).
 */
export const appleAppSiteAssociationDocument = (appIds: readonly string[]) => ({
  applinks: { details: [{ appIDs: [...appIds], components: APP_LINK_PATHS.map((path) => ({ '/': path })) }] },
});

/** The `assetlinks.json` document (Digital Asset Links), the same as `@idv/client`'s `assetLinks`. */
export const assetLinksDocument = (android: NonNullable<AppLinks['android']>) => [
  {
    relation: ['delegate_permission/common.handle_all_urls'],
    target: { namespace: 'android_app', package_name: android.packageName, sha256_cert_fingerprints: [...android.sha256Fingerprints] },
  },
];
