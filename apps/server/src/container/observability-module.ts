import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { Clock, Logger } from '@idv/core';
import type { Observability } from '../observability/observability.js';
import { TOKENS } from './tokens.js';

const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/** Logger, error tracking, analytics, webhook metrics, clock (the system's unless one is given) and id generation. */
export const observabilityModule = (logger: Logger, observability: Observability, clock: Clock = SYSTEM_CLOCK): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Logger).toConstantValue(logger);
    bind(TOKENS.ErrorTracker).toConstantValue(observability.errorTracker);
    bind(TOKENS.ErrorTrackingScope).toConstantValue((requestId, next) => observability.scopes.run(requestId, next));
    // Analytics never holds up a response: calls run in the background, bounded.
    bind(TOKENS.Analytics).toConstantValue(observability.analytics);
    bind(TOKENS.WebhookMetrics).toConstantValue(observability.webhookMetrics);
    bind(TOKENS.Clock).toConstantValue(clock);
    bind(TOKENS.IdGenerator).toConstantValue({ uuid: randomUUID });
  });
