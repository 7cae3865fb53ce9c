/** Records the requests of one route (or of no route): each call costs a label lookup, never throws. */
export interface RouteMetrics {
  /** Records one answered request: its status and how long it took, in seconds. */
  observe(status: number, seconds: number): void;
}

/**
 * What the HTTP app reports to operators (Prometheus in production). Label values are bounded:
 * a route is its router pattern (`/organizations/:orgId`), never the raw path, and requests no
 * route answered share `unmatched`.
 */
export interface HttpMetrics {
  /** Called once per route when the app is built; the recorder is then used for every request of it. */
  route(method: string, pattern: string): RouteMetrics;
  /** A bearer route refused a token (or its absence), by the verifier's short reason (`token-expired`, …). */
  tokenFailure(reason: string): void;
}

const IGNORE: RouteMetrics = { observe: () => undefined };

/** Records nothing (metrics not exposed): the hot path pays for no lookup at all. */
export const NO_HTTP_METRICS: HttpMetrics = { route: () => IGNORE, tokenFailure: () => undefined };
