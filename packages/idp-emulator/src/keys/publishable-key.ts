/** Builds a publishable key the provider's way: `pk_test_` + unpadded base64 of `<host>$`. */
export const buildPublishableKey = (frontendApiHost: string, live = false): string =>
  `${live ? 'pk_live_' : 'pk_test_'}${Buffer.from(`${frontendApiHost}$`).toString('base64').replace(/=+$/, '')}`;

/** Decodes the frontend API host from a publishable key, or `undefined` when the key is not valid. */
export const frontendApiFromPublishableKey = (key: string): string | undefined => {
  const parts = key.split('_');
  if (parts.length !== 3 || parts[0] !== 'pk' || (parts[1] !== 'test' && parts[1] !== 'live')) return undefined;
  const decoded = Buffer.from(parts[2] ?? '', 'base64').toString('utf8');
  const valid = decoded.endsWith('$') && decoded.indexOf('$') === decoded.length - 1 && decoded.includes('.');
  return valid ? decoded.slice(0, -1) : undefined;
};
