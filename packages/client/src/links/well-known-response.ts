/** A framework-neutral HTTP answer. */
export interface WellKnownResponse {
  readonly status: 200;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * The answer for an association file: 200, `application/json` (Apple and Android both require it;
 * the AASA file has no extension to guess from), cacheable for an hour, never a redirect.
 *
 * @example
 * const { status, headers, body } = wellKnownResponse(assetLinks(android));
 * return new Response(body, { status, headers });
 */
export const wellKnownResponse = (body: unknown): WellKnownResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
  body: JSON.stringify(body),
});
