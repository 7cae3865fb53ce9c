const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const segmentSource = (segment: string, locales: readonly string[], last: boolean, pattern: string): string => {
  if (segment === ':lang') return `(?:${locales.map(escapeRegExp).join('|')})`;
  if (segment === ':path*') {
    if (!last) throw new TypeError(`route pattern ${pattern}: ':path*' must be the last segment`);
    return '';
  }
  // The provider's `name(.*)` form: any characters after the literal, '/' included (so `/shop(.*)`
  // also matches `/shopping`). Kept for the spec's patterns; it over-matches, which fails safe for protection.
  if (segment.endsWith('(.*)')) {
    if (!last) throw new TypeError(`route pattern ${pattern}: '(.*)' must end the pattern`);
    return `${escapeRegExp(segment.slice(0, -4))}.*`;
  }
  if (segment.startsWith(':')) return '[^/]+';
  if (/[()*?+]/.test(segment)) throw new TypeError(`route pattern ${pattern}: unsupported syntax in '${segment}'`);
  return escapeRegExp(segment);
};

/**
 * Compiles a route pattern of the guard's subset syntax (literal segments, `:lang` limited to
 * `locales`, other `:name` as one segment, a final `:path*` for zero or more whole segments, a
 * final `name(.*)` suffix) into a case-insensitive RegExp that tolerates one trailing slash.
 */
export const compileRoutePattern = (pattern: string, locales: readonly string[]): RegExp => {
  if (!pattern.startsWith('/')) throw new TypeError(`route pattern ${pattern}: must start with '/'`);
  const segments = pattern.split('/').slice(1);
  let source = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === ':path*' && last) source += '(?:/[^/]+)*';
    else source += `/${segmentSource(segment, locales, last, pattern)}`;
  });
  return new RegExp(`^${source === '/' ? '' : source}/?$`, 'i');
};
