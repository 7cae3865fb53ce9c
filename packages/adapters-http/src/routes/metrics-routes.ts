import { createHash, timingSafeEqual } from 'node:crypto';
import Koa from 'koa';
import { publicEndpoint } from '../edge/public-endpoint.js';
import { failure, text, withHeaders } from '../edge/reply.js';
import { send } from '../edge/send.js';
import type { Route } from './route.js';

/** The Prometheus text of every metric, as the registry renders it. */
export interface MetricsScrape {
  /** The exposition format's media type (`text/plain; version=0.0.4; …`). */
  readonly contentType: string;
  /** The metrics as Prometheus text. */
  readonly body: string;
}

/** `/metrics`: how to render the metrics and, on the API's port, the bearer token a scraper must send. */
export interface MetricsEndpoint {
  /** Renders every metric now (the registry's text exposition). */
  readonly scrape: () => Promise<MetricsScrape>;
  /** `METRICS_TOKEN`; required on the API's port, omitted on the separate metrics port. */
  readonly token?: string;
}

const BEARER = /^Bearer\s+(\S+)$/i;

// Digests have one length whatever the guess, so the comparison leaks neither length nor prefix.
const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

const tokenCheck = (token: string | undefined): ((authorization: string | undefined) => boolean) => {
  if (token === undefined) return () => true;
  const expected = digest(token);
  return (authorization) => {
    const sent = BEARER.exec(authorization ?? '')?.[1];
    return timingSafeEqual(digest(sent ?? ''), expected) && sent !== undefined;
  };
};

const NO_TOKEN = withHeaders(failure({ _tag: 'Unauthenticated', message: 'A valid metrics token is required' }), {
  'WWW-Authenticate': 'Bearer realm="metrics"',
});

/**
 * `GET /metrics`: Prometheus text. With a token, a scrape without `Authorization: Bearer
 * <METRICS_TOKEN>` answers 401 (the comparison is constant-time); the token is the route's own,
 * not a provider session.
 */
export const metricsRoutes = (endpoint: MetricsEndpoint): readonly Route[] => {
  const authorized = tokenCheck(endpoint.token);
  return [
    publicEndpoint({
      method: 'get',
      path: '/metrics',
      doc: {
        summary: 'Prometheus metrics of this instance (with METRICS_TOKEN; served only when it is set)',
        tag: 'operations',
        responses: {
          200: {
            description: 'The Prometheus text exposition',
            body: { contentType: 'text/plain; version=0.0.4; charset=utf-8', schema: { type: 'string' } },
          },
        },
        errors: ['Unauthenticated'],
        signature: 'metricsToken',
      },
      handle: async ({ header }) => {
        if (!authorized(header('authorization'))) return NO_TOKEN;
        const scrape = await endpoint.scrape();
        return text(200, scrape.contentType, scrape.body);
      },
    }),
  ];
};

/**
 * The app of the separate metrics port (`METRICS_PORT`): `GET /metrics` without a token (the port
 * is meant for a private network), 404 for anything else.
 *
 * @example
 * createMetricsApp({ scrape }).listen(9464);
 */
export const createMetricsApp = (endpoint: Pick<MetricsEndpoint, 'scrape'>): Koa => {
  const app = new Koa();
  app.silent = true;
  const [route] = metricsRoutes({ scrape: endpoint.scrape });
  app.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/metrics') return route!.handler(ctx, next);
    send(ctx, failure({ _tag: 'RouteNotFound', message: `No route for ${ctx.method} ${ctx.path}` }));
  });
  return app;
};
