/**
 * The `redirect_url` to give the provider when creating an invitation: `{appUrl}/sign-up`, without
 * a double slash, query or fragment.
 *
 * @example
 * invitationRedirectUrl('https://app.test/'); // 'https://app.test/sign-up'
 */
export const invitationRedirectUrl = (appUrl: string, signUpPath = '/sign-up'): string => {
  const url = new URL(appUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`app URL must be http(s): ${appUrl}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/${signUpPath.replace(/^\/+/, '')}`;
};
