import { ContainerModule } from 'inversify';
import { createHttpApp } from '@idv/adapters-http';
import type { AppConfig } from '../config/app-config.js';
import type { Observability } from '../observability/observability.js';
import { TOKENS } from './tokens.js';

// `/metrics` on the API's port only behind METRICS_TOKEN; METRICS_PORT serves it on its own listener.
const metricsEndpointOf = (config: AppConfig, { metrics }: Observability) => {
  const token = config.observability.metrics.token;
  return metrics === undefined || token === undefined ? {} : { metricsEndpoint: { token, scrape: () => metrics.scrape() } };
};

/** The HTTP app, serving every area's use cases. */
export const applicationModule = (config: AppConfig, observability: Observability): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(config);
    bind(TOKENS.HttpServices).toResolvedValue(
      (identity, organizations, devices, checkReadiness) => ({ ...identity, ...organizations, ...devices, checkReadiness }),
      [TOKENS.IdentityArea, TOKENS.OrganizationsArea, TOKENS.DevicesArea, TOKENS.ReadinessCheck],
    );
    bind(TOKENS.HttpApp).toResolvedValue(
      // No persistence RequestContext per request: the repositories need no identity map (issue #7).
      (services, logger, errorTracker, errorTrackingScope, publicRateLimiter, payments, rate, failures) =>
        createHttpApp({
          services,
          logger,
          errorTracker,
          requestScope: errorTrackingScope,
          appLinks: config.appLinks,
          publicRateLimiter,
          trustedProxyHops: config.rateLimits.trustedProxyHops,
          // Issue #12: latency by route, token failures, `/metrics` behind its token, CORS.
          ...(observability.metrics === undefined ? {} : { metrics: observability.metrics.http }),
          ...metricsEndpointOf(config, observability),
          corsOrigins: config.observability.corsOrigins,
          // Issue #10: the payment routes, the callbacks behind their own budgets.
          payments: { services: payments, resultUrl: config.payments.resultUrl, callbackLimits: { rate, failures, trustedCidrs: config.payments.callbackLimits.trustedCidrs } },
        }),
      [
        TOKENS.HttpServices,
        TOKENS.Logger,
        TOKENS.ErrorTracker,
        TOKENS.ErrorTrackingScope,
        TOKENS.PublicRateLimiter,
        TOKENS.PaymentsArea,
        TOKENS.PaymentCallbackRateLimiter,
        TOKENS.PaymentCallbackFailureBudget,
      ],
    );
  });
