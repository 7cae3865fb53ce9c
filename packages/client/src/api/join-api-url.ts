/**
 * `baseUrl` + `path`, refusing anything but an absolute path (`/…`): the bearer token must never
 * travel to another origin because a caller passed a full URL.
 */
export const joinApiUrl = (baseUrl: string, path: string): string => {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    throw new TypeError(`API path must start with a single '/': ${path}`);
  }
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
};
