/** The forms of a request path the guard matches: `decodeURI` (as the provider does) and fully decoded. */
export type NormalizedPaths = readonly string[];

const collapseSlashes = (path: string): string => path.replace(/\/{2,}/g, '/');

// Resolves `.`/`..` segments the way a URL parser does (`%2F..%2F` becomes a real `..` once decoded).
const resolveDots = (path: string): string => {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') out.pop();
    else if (segment !== '.') out.push(segment);
  }
  return `/${out.join('/')}`;
};

/**
 * Normalises a URL pathname before matching: percent-decoding, then `//` collapsed to `/`.
 * Returns `undefined` for a malformed percent-encoding (the guard answers 400). Besides the
 * `decodeURI` form (which keeps `%2F` encoded), the fully decoded form is returned too, so that
 * `/en%2Fprofile` cannot slip past a protected pattern.
 */
export const normalizePath = (pathname: string): NormalizedPaths | undefined => {
  try {
    const uri = collapseSlashes(decodeURI(pathname));
    const full = resolveDots(collapseSlashes(decodeURIComponent(pathname)));
    return uri === full ? [uri] : [uri, full];
  } catch {
    return undefined;
  }
};
