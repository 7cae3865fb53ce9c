import type * as t from 'io-ts';
import type { Middleware } from 'koa';
import type { ErrorCode } from '../errors/error-status.js';
import type { RouteDoc } from '../openapi/route-doc.js';

/** The codecs a route decodes its request with (for its description, e.g. OpenAPI). */
export interface RouteInput {
  readonly params?: t.Decoder<unknown, unknown>;
  readonly query?: t.Decoder<unknown, unknown>;
  readonly body?: t.Decoder<unknown, unknown>;
}

/**
 * One endpoint, as the router mounts it. Every route states its access explicitly; there is no
 * default. Routes are declared with the edge kit: `bearerEndpoint`, `publicEndpoint`, `rawBodyEndpoint`.
 */
export interface Route {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
  readonly access: 'public' | 'bearer';
  readonly handler: Middleware;
  readonly input?: RouteInput;
  /** Its description in `/openapi.json`, declared with it (a route without one does not compile). */
  readonly doc: RouteDoc;
  /** A load balancer's probe (`/health*`): public, and never behind the outer rate limiter. */
  readonly probe?: true;
  /**
   * A signed public route: instead of one point per request, only these refusals spend the source's
   * outer budget (a delivery whose signature verifies is never refused for rate). The handler marks
   * each refusal it answers (a reply's `rejection`).
   */
  readonly failureBudget?: readonly ErrorCode[];
  /** A payment callback: behind the payment callbacks' own limiter when the app has one. */
  readonly paymentCallback?: true;
  /**
   * A public route that also takes a bearer token: without credentials the caller is anonymous
   * (`request.auth` null); with them they must authenticate as on a bearer route (401 otherwise).
   */
  readonly optionalBearer?: true;
}
