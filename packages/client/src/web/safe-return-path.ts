/**
 * `value` as a same-site relative path (`/…`, query and fragment kept), or `undefined` when it could
 * leave the site: a scheme (`https:`, `javascript:`), a protocol-relative `//host` or `/\host`,
 * control characters, or anything not starting with a single `/`.
 */
export const safeReturnPath = (value: string | undefined | null): string | undefined => {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters are what this refuses, so the pattern names them.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  const base = 'http://return.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
};
