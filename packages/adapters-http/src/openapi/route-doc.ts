import type { ErrorCode } from '../errors/error-status.js';
import type { Codec, JsonSchema } from './json-schema.js';

/** A response body: an io-ts codec (JSON), or a JSON Schema with its media type. */
export type BodyDoc = Codec | { readonly contentType: string; readonly schema: JsonSchema };

/** One success answer of a route. */
export interface ResponseDoc {
  readonly description: string;
  readonly body?: BodyDoc;
  /** Response headers by name, e.g. `Location` of a redirect. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request body a route reads itself (raw bytes: webhooks and payment callbacks); decoded bodies come from the route's codec. */
export interface RawBodyDoc {
  readonly description: string;
  readonly content: Readonly<Record<string, JsonSchema>>;
}

/** Security schemes of the document, beyond the bearer token every `bearer` route requires (`metricsToken`: `/metrics`'s own). */
export type SignatureScheme = 'idpWebhookSignature' | 'iyzicoSignature' | 'metricsToken';

/**
 * A route's description for the OpenAPI document, declared next to the route itself. What its
 * access and its codecs imply (401/410/503 of a bearer route, 400 `ValidationFailed` of decoded
 * input, 413/415 of a JSON body, 429 of a rate-limited public route, 500) is added by the document
 * builder; the route names only what is its own.
 */
export interface RouteDoc {
  /** One line: what the route does. */
  readonly summary: string;
  readonly description?: string;
  /** The group it is listed under (`users`, `organizations`, …). */
  readonly tag: string;
  /** Success answers by status. */
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /** The domain error codes it can answer (their statuses come from the one error map). */
  readonly errors?: readonly ErrorCode[];
  readonly rawBody?: RawBodyDoc;
  /** A public route authenticated by a signature instead of a bearer token. */
  readonly signature?: SignatureScheme;
}
