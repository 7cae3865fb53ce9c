import { ContainerModule } from 'inversify';
import { createHttpApp, type HttpServices } from '@idv/adapters-http';
import type { LocalBotCheck } from '@idv/adapters-bot-check';
import type { BotCheck } from '@idv/core';
import type { AppConfig } from '../config/app-config.js';
import type { Observability } from '../observability/observability.js';
import type { ServicesOf } from './area.js';
import { AREAS } from './areas.js';
import { TOKENS } from './tokens.js';

// `/metrics` on the API's port only behind METRICS_TOKEN; METRICS_PORT serves it on its own listener.
const metricsEndpointOf = (config: AppConfig, { metrics }: Observability) => {
  const token = config.observability.metrics.token;
  return metrics === undefined || token === undefined ? {} : { metricsEndpoint: { token, scrape: () => metrics.scrape() } };
};

// `POST /dev/bot-check-tokens` only while the local stand-in is on (refused in production by the configuration).
const botCheckStandInOf = (botCheck: BotCheck) =>
  'issue' in botCheck && typeof botCheck.issue === 'function' ? { botCheckStandIn: () => (botCheck as LocalBotCheck).issue() } : {};

/** The HTTP app, serving the use cases of every area in `AREAS`. */
export const applicationModule = (config: AppConfig, observability: Observability): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.HttpServices).toDynamicValue((context): HttpServices => {
      const areas: ServicesOf<typeof AREAS> = Object.assign({}, ...AREAS.map((area) => context.get<object>(area.services)));
      return { ...areas, checkReadiness: context.get(TOKENS.ReadinessCheck) };
    });
    // No persistence RequestContext per request: the repositories need no identity map.
    bind(TOKENS.HttpApp).toDynamicValue((context) =>
      createHttpApp({
        services: context.get(TOKENS.HttpServices),
        logger: context.get(TOKENS.Logger),
        errorTracker: context.get(TOKENS.ErrorTracker),
        requestScope: context.get(TOKENS.ErrorTrackingScope),
        appLinks: config.appLinks,
        publicRateLimiter: context.get(TOKENS.PublicRateLimiter),
        agreementLinkLimiter: context.get(TOKENS.AgreementLinkLimiter),
        trustedProxyHops: config.rateLimits.trustedProxyHops,
        ...botCheckStandInOf(context.get(TOKENS.BotCheck)),
        // Latency by route, token failures, `/metrics` behind its token, CORS.
        ...(observability.metrics === undefined ? {} : { metrics: observability.metrics.http }),
        ...metricsEndpointOf(config, observability),
        corsOrigins: config.observability.corsOrigins,
        // The payment routes, the callbacks behind their own budgets.
        payments: { resultUrl: config.payments.resultUrl, callbackLimits: context.get(TOKENS.PaymentCallbackLimits) },
      }),
    );
  });
