/** The Expo app config entries that make the app catch `https://{host}{pathPrefix}` links. */
export interface ExpoLinkingConfig {
  readonly ios: { readonly associatedDomains: string[] };
  readonly android: {
    readonly intentFilters: Array<{
      readonly action: 'VIEW';
      readonly autoVerify: true;
      readonly data: Array<{ readonly scheme: 'https'; readonly host: string; readonly pathPrefix: string }>;
      readonly category: ['BROWSABLE', 'DEFAULT'];
    }>;
  };
}

const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * The `app.config.ts` entries for invitation links: the iOS associated domain and the verified
 * Android intent filter (action VIEW, BROWSABLE + DEFAULT, https, `pathPrefix` `/sign-up`).
 * `host` is a plain host name; a scheme, port or path throws.
 *
 * @example
 * export default { expo: { ios: { ...expoLinkingConfig({ host: 'app.test' }).ios }, android: { ...expoLinkingConfig({ host: 'app.test' }).android } } };
 */
export const expoLinkingConfig = (options: { readonly host: string; readonly pathPrefix?: string }): ExpoLinkingConfig => {
  if (!HOST.test(options.host)) throw new TypeError(`expoLinkingConfig: expected a plain host name, got ${options.host}`);
  const host = options.host.toLowerCase();
  const pathPrefix = options.pathPrefix ?? '/sign-up';
  if (!pathPrefix.startsWith('/')) throw new TypeError('expoLinkingConfig: pathPrefix must start with /');
  return {
    ios: { associatedDomains: [`applinks:${host}`] },
    android: {
      intentFilters: [
        { action: 'VIEW', autoVerify: true, data: [{ scheme: 'https', host, pathPrefix }], category: ['BROWSABLE', 'DEFAULT'] },
      ],
    },
  };
};
