/** An Apple app id: a 10-character team id, a dot, the bundle id. */
export const APPLE_APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/;

/** What the association covers. */
export interface AppleAppSiteAssociationOptions {
  /** `TEAMID.bundle.id` of each app. */
  readonly appIds: readonly string[];
  /** Path patterns (Apple's `*` and `?`); default `['/sign-up*']`, the invitation link. */
  readonly paths?: readonly string[];
  /** Open the app only when these query parameters match, e.g. `{ __idp_ticket: '?*' }`. */
  readonly requireQuery?: Readonly<Record<string, string>>;
}

/** The `apple-app-site-association` document (iOS 13+ `components`). */
export interface AppleAppSiteAssociation {
  readonly applinks: {
    readonly details: ReadonlyArray<{
      readonly appIDs: readonly string[];
      readonly components: ReadonlyArray<{ readonly '/': string; readonly '?'?: Readonly<Record<string, string>> }>;
    }>;
  };
}

/**
 * Builds `/.well-known/apple-app-site-association` so iOS opens the app for invitation links
 * (`/sign-up*`). Bad input throws here, when the document is built, never when it is served.
 *
 * @example
 * appleAppSiteAssociation({ appIds: ['ABCDE12345.com.studio.app'] });
 * // { applinks: { details: [{ appIDs: ['ABCDE12345.com.studio.app'], components: [{ '/': '/sign-up*' }] }] } }
 */
export const appleAppSiteAssociation = (options: AppleAppSiteAssociationOptions): AppleAppSiteAssociation => {
  if (options.appIds.length === 0) throw new TypeError('appleAppSiteAssociation: at least one app id is required');
  const bad = options.appIds.filter((id) => !APPLE_APP_ID.test(id));
  if (bad.length > 0) throw new TypeError(`appleAppSiteAssociation: not TEAMID.bundle.id: ${bad.join(', ')}`);
  const paths = options.paths ?? ['/sign-up*'];
  if (paths.some((path) => !path.startsWith('/'))) throw new TypeError('appleAppSiteAssociation: paths must start with /');
  const query = options.requireQuery;
  const components = paths.map((path) => (query === undefined ? { '/': path } : { '/': path, '?': { ...query } }));
  return { applinks: { details: [{ appIDs: [...options.appIds], components }] } };
};
