import { agreementLinkBudget } from './middleware/agreement-link-budget.js';
import { signingPageRoutes } from './routes/signing-page-routes.js';
import { agreementFormRoutes } from './routes/agreement-form-routes.js';
import { agreementRoutes } from './routes/agreement-routes.js';
import Koa from 'koa';
import Router from '@koa/router';
import compose from 'koa-compose';
import type { HttpAppOptions } from './http-services.js';
import { errorMiddleware } from './errors/error-middleware.js';
import { failure } from './edge/reply.js';
import { send } from './edge/send.js';
import { authentication } from './middleware/authentication.js';
import { clientAddress } from './middleware/client-address.js';
import { paymentCallbackLimit } from './middleware/payment-callback-limit.js';
import { failureRateLimit, publicRateLimit } from './middleware/public-rate-limit.js';
import { rememberLocale } from './middleware/remember-locale.js';
import { corsFor } from './middleware/cors.js';
import { requestContext } from './middleware/request-context.js';
import { NO_HTTP_METRICS } from './observability/http-metrics.js';
import { tagRoute, type RouteTag } from './observability/route-tag.js';
import { metricsRoutes } from './routes/metrics-routes.js';
import { exactRouteDispatch } from './exact-route-dispatch.js';
import { unsupportedMethods } from './middleware/unsupported-methods.js';
import { healthRoutes } from './routes/health-routes.js';
import { auditRoutes } from './routes/audit-routes.js';
import { eventDeliveryRoutes } from './routes/event-delivery-routes.js';
import { webhookEndpointRoutes } from './routes/webhook-endpoint-routes.js';
import { adminRoutes } from './routes/admin-routes.js';
import { complianceRoutes } from './routes/compliance-routes.js';
import { deviceRoutes } from './routes/device-routes.js';
import { invitationRoutes } from './routes/invitation-routes.js';
import { memberRoutes } from './routes/member-routes.js';
import { organizationRoutes } from './routes/organization-routes.js';
import { paymentCallbackRoutes } from './routes/payment-callback-routes.js';
import { paymentRoutes } from './routes/payment-routes.js';
import { planRoutes } from './routes/plan-routes.js';
import { publicOrganizationRoutes } from './routes/public-organization-routes.js';
import { purchaseRoutes } from './routes/purchase-routes.js';
import { purchaseStatusRoutes } from './routes/purchase-status-routes.js';
import { userRoutes } from './routes/user-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';
import { wellKnownRoutes } from './routes/well-known-routes.js';
import type { Route } from './routes/route.js';
import { openApiRoutes } from './routes/openapi-routes.js';
import { openApiDocument, type OpenApiInfo } from './openapi/openapi-document.js';

const DEFAULT_WEBHOOK_BODY_LIMIT = 512 * 1024;

/** The `info` of `/openapi.json`. */
export const API_INFO: OpenApiInfo = {
  title: 'idv-membership',
  version: '1.0.0',
  description:
    "Identity and membership: the provider's session tokens, provider webhooks, organizations, memberships, invitations, audit and payments. Errors are `{ statusCode, error, message, code }` (ARCHITECTURE §5).",
};

/**
 * Every route of the API, in registration order (the router, and tests that must cover each route,
 * read it), ending with `GET /openapi.json`, which describes them all. Throws when a route cannot be
 * described (see `openApiDocument`), so an undescribable route never starts.
 */
export const apiRoutes = (options: HttpAppOptions): readonly Route[] => {
  const served = featureRoutes(options);
  let json: string | undefined;
  const routes = [...served, ...openApiRoutes(() => (json ??= JSON.stringify(document)))];
  const document = openApiDocument(routes, API_INFO);
  return routes;
};

const featureRoutes = ({
  services,
  errorTracker,
  webhookBodyLimit,
  appLinks,
  payments,
  logger,
  metricsEndpoint,
  agreementLinkLimiter,
}: HttpAppOptions): readonly Route[] => {
  // One budget for every route a signing link opens: the JSON form and the hosted page spend the same one.
  const linkBudget = agreementLinkBudget(agreementLinkLimiter, logger);
  return [
    ...healthRoutes(services),
    ...(metricsEndpoint === undefined ? [] : metricsRoutes(metricsEndpoint)),
    ...wellKnownRoutes(appLinks),
    ...webhookRoutes(services, errorTracker, webhookBodyLimit ?? DEFAULT_WEBHOOK_BODY_LIMIT),
    ...userRoutes(services),
    ...deviceRoutes(services),
    ...organizationRoutes(services),
    ...memberRoutes(services),
    ...invitationRoutes(services),
    ...complianceRoutes(services),
    ...agreementRoutes(services),
    ...agreementFormRoutes(services, linkBudget),
    ...signingPageRoutes(services, linkBudget),
    ...auditRoutes(services),
    ...webhookEndpointRoutes(services),
    ...eventDeliveryRoutes(services),
    ...adminRoutes(services),
    ...planRoutes(services),
    ...publicOrganizationRoutes(services),
    ...(payments === undefined
      ? []
      : [
          ...paymentCallbackRoutes(services, logger, payments),
          ...paymentRoutes(services),
          ...purchaseRoutes(services),
          ...purchaseStatusRoutes(services),
        ]),
  ];
};

/**
 * Builds the Koa application: request id, scope, access log and latency, CORS (when origins are
 * configured), error mapping, then each route behind authentication configured for its declared
 * access; public routes other than the probes also behind the outer rate limiter, when one is given.
 *
 * @example
 * const app = createHttpApp({ services, logger, errorTracker, requestScope });
 * app.listen(3000);
 */
export const createHttpApp = (options: HttpAppOptions): Koa => {
  const { services, logger, errorTracker } = options;
  const metrics = options.metrics ?? NO_HTTP_METRICS;
  const app = new Koa();
  app.silent = true;
  // Outermost, so that a defect is captured while the request's scope (its user, its trail) is current,
  // and the access line sees the status the error middleware chose.
  app.use(
    requestContext(logger, options.requestScope, { method: 'other', pattern: 'unmatched', metrics: metrics.route('other', 'unmatched') }),
  );
  const cors = corsFor(options.corsOrigins ?? []);
  if (cors !== undefined) app.use(cors);
  app.use(errorMiddleware(errorTracker));
  app.use((ctx, next) => {
    ctx.state['clientAddress'] = clientAddress(ctx, options.trustedProxyHops ?? 0);
    return next();
  });

  const router = new Router();
  const limit =
    options.publicRateLimiter === undefined
      ? undefined
      : publicRateLimit(options.publicRateLimiter, logger, { trustedProxyHops: options.trustedProxyHops ?? 0 });
  const callbackLimits = options.payments?.callbackLimits;
  // One instance for the four callback routes, so they share each source's budgets.
  const paymentLimit =
    callbackLimits === undefined
      ? undefined
      : paymentCallbackLimit(callbackLimits, logger, { trustedProxyHops: options.trustedProxyHops ?? 0 });
  const limiterOf = (route: Route) => {
    // Public routes spend the source's budget before any work; probes never do.
    if (route.access !== 'public' || route.probe === true) return [];
    if (route.paymentCallback === true && paymentLimit !== undefined) return [paymentLimit];
    if (options.publicRateLimiter === undefined) return [];
    // A signed route spends the same budget, but only with what fails (README: PUBLIC_RATE_LIMIT_*).
    if (route.failureBudget !== undefined) {
      return [
        failureRateLimit(options.publicRateLimiter, new Set(route.failureBudget), logger, {
          trustedProxyHops: options.trustedProxyHops ?? 0,
        }),
      ];
    }
    return limit === undefined ? [] : [limit];
  };
  // A bearer request's language is kept on its user (a write only when it changed).
  const language = rememberLocale(services, logger);
  for (const route of apiRoutes(options)) {
    // Spec: public routes pass authentication untouched, so they skip it (no work per webhook; docs/performance.md).
    const guards = route.access === 'bearer' ? [authentication(services, logger, route.access, metrics), language] : [];
    const method = route.method.toUpperCase();
    const tag: RouteTag = { method, pattern: route.path, metrics: metrics.route(method, route.path) };
    // One middleware per route, composed here once: the router composes a route's middleware again on
    // every request it dispatches, one array copy per middleware (docs/performance.md).
    router[route.method](route.path, compose([tagRoute(tag), ...limiterOf(route), ...guards, route.handler]));
  }
  app.use(exactRouteDispatch(router));
  // Only requests no route answered get here, so a 405/501 below is always the router's.
  app.use(unsupportedMethods());
  app.use(router.allowedMethods());
  app.use((ctx) => send(ctx, failure({ _tag: 'RouteNotFound', message: `No route for ${ctx.method} ${ctx.path}` })));
  return app;
};
