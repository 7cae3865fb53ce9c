import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { Clock, Logger } from '@idv/core';
import { BackgroundWork } from '../observability/background-work.js';
import type { Observability } from '../observability/observability.js';
import { TOKENS } from './tokens.js';

const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/** Logger, error tracking, analytics, webhook metrics, background work, clock (the system's unless one is given) and id generation. */
export const observabilityModule = (logger: Logger, observability: Observability, clock: Clock = SYSTEM_CLOCK): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Logger).toConstantValue(logger);
    bind(TOKENS.ErrorTracker).toConstantValue(observability.errorTracker);
    bind(TOKENS.ErrorTrackingScope).toConstantValue((requestId, next) => observability.scopes.run(requestId, next));
    // Analytics never holds up a response (issue #7): calls run in the background, bounded.
    bind(TOKENS.Analytics).toConstantValue(observability.analytics);
    bind(TOKENS.WebhookMetrics).toConstantValue(observability.webhookMetrics);
    // Issue #14: notifications run off the request path, bounded, and never fail a request.
    const background = new BackgroundWork(logger);
    bind(TOKENS.BackgroundWork).toConstantValue(background);
    bind(TOKENS.BackgroundTasks).toConstantValue(background);
    bind(TOKENS.Clock).toConstantValue(clock);
    bind(TOKENS.IdGenerator).toConstantValue({ uuid: randomUUID });
  });
