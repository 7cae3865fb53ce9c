/**
 * The sign-in location for a signed-out visit to `url`: `signInUrl` resolved against `url`, with
 * `redirect_url` set to the full original URL (query included), the parameter the provider's
 * sign-in page reads to return the user.
 *
 * @example
 * signInRedirect(new URL('https://app.test/en/shop?x=1'), '/sign-in');
 * // 'https://app.test/sign-in?redirect_url=https%3A%2F%2Fapp.test%2Fen%2Fshop%3Fx%3D1'
 */
export const signInRedirect = (url: URL, signInUrl: string): string => {
  const target = new URL(signInUrl, url);
  target.searchParams.set('redirect_url', url.href);
  return target.href;
};
