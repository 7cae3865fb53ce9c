/** What one call to a provider gave: a parsed JSON object with its HTTP status, or why there is none. */
export type ProviderAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Readonly<Record<string, unknown>> }
  | { readonly kind: 'unreachable'; readonly reason: string };

/** How a gateway calls out: `fetch` (replaceable in tests) and the per-call time limit. */
export interface ProviderTransport {
  /** The fetch implementation requests go through (tests point it at the payments emulator). */
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
}

/** The default transport: the global `fetch`, 10 seconds a call. */
export const defaultTransport = (): ProviderTransport => ({ fetch: globalThis.fetch, timeoutMs: 10_000 });

/**
 * POSTs one request and reads a JSON object back. A network error, a time-out, a 5xx or an answer
 * that is not a JSON object is `unreachable`; its reason names the path and status only (never the
 * body sent, which may hold card data or keys).
 */
export const postToProvider = (
  transport: ProviderTransport,
  url: string,
  init: { readonly headers: Readonly<Record<string, string>>; readonly body: string },
): Promise<ProviderAnswer> => callProvider(transport, url, { method: 'POST', ...init });

/** As `postToProvider`, for any method; a GET sends no body. */
export const callProvider = async (
  transport: ProviderTransport,
  url: string,
  init: { readonly method: 'GET' | 'POST'; readonly headers: Readonly<Record<string, string>>; readonly body?: string },
): Promise<ProviderAnswer> => {
  const path = new URL(url).pathname;
  let response: Response;
  try {
    response = await transport.fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(transport.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { kind: 'unreachable', reason: `${path}: ${timedOut ? `no answer within ${transport.timeoutMs} ms` : 'connection failed'}` };
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) return { kind: 'unreachable', reason: `${path}: HTTP ${response.status}` };
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body))
      return { kind: 'answer', status: response.status, body: body as Record<string, unknown> };
  } catch {
    // Not JSON: falls through.
  }
  return { kind: 'unreachable', reason: `${path}: HTTP ${response.status} without a JSON object` };
};

/** A field of a provider answer as text (strings as they are, finite numbers in decimal). */
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
