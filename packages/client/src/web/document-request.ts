/** Anything with a case-insensitive `get` for headers (`Headers`, Next's `request.headers`). */
export interface HeaderReader {
  /** The header's value, or null when absent. */
  get(name: string): string | null;
}

/**
 * Whether a request is a page (document) navigation, which the guard redirects to sign-in; any
 * other request (fetch, RSC data, Server Action) gets a 401 instead of a redirect it cannot follow.
 * The provider's rules: `sec-fetch-dest` document/iframe, `Accept` with `text/html`, a Next
 * navigation (`next-url`, `x-nextjs-data`); a Server Action (`next-action`) never is.
 */
export const isDocumentRequest = (headers: HeaderReader): boolean => {
  if (headers.get('next-action') !== null) return false;
  const dest = headers.get('sec-fetch-dest')?.toLowerCase();
  if (dest === 'document' || dest === 'iframe') return true;
  if (headers.get('accept')?.toLowerCase().includes('text/html') === true) return true;
  return headers.get('x-nextjs-data') !== null || headers.get('next-url') !== null;
};
