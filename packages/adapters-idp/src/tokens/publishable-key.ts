const PUBLISHABLE_KEY = /^pk_(?:test|live)_([A-Za-z0-9+/]+={0,2})$/;
const FRONTEND_API_HOST = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::[0-9]{1,5})?$/;

/**
 * Decodes the frontend API host from a publishable key (`pk_test_`/`pk_live_` + base64 of `<host>$`).
 * Throws on a malformed key.
 */
export const frontendApiFromPublishableKey = (publishableKey: string): string => {
  const encoded = PUBLISHABLE_KEY.exec(publishableKey.trim())?.[1];
  const decoded = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  // The provider's rule: exactly one `$`, at the end.
  const host = decoded.endsWith('$') ? decoded.slice(0, -1) : '';
  if (!FRONTEND_API_HOST.test(host)) {
    throw new Error('Publishable key is not valid (expected pk_test_… or pk_live_… encoding "<frontend API host>$")');
  }
  return host;
};

/**
 * The issuer of the provider's session tokens: `https://` + the frontend API host of the publishable key.
 *
 * @example
 * issuerFromPublishableKey('pk_live_Y2xlcmsuZXhhbXBsZS5jb20k'); // 'https://clerk.example.com'
 */
export const issuerFromPublishableKey = (publishableKey: string): string => `https://${frontendApiFromPublishableKey(publishableKey)}`;
