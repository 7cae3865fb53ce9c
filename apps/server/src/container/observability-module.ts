import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { Clock, Logger } from '@idv/core';
import { BackgroundAnalytics } from '../observability/background-analytics.js';
import { BackgroundWork } from '../observability/background-work.js';
import { LoggingAnalytics } from '../observability/logging-analytics.js';
import { LoggingErrorTracker } from '../observability/logging-error-tracker.js';
import { TOKENS } from './tokens.js';

const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/** Logger, error tracking, analytics, background work, clock (the system's unless one is given) and id generation. */
export const observabilityModule = (logger: Logger, clock: Clock = SYSTEM_CLOCK): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Logger).toConstantValue(logger);
    const errorTracker = new LoggingErrorTracker(logger);
    bind(TOKENS.ErrorTracker).toConstantValue(errorTracker);
    bind(TOKENS.ErrorTrackingScope).toConstantValue((next) => errorTracker.scope(next));
    // Analytics never holds up a response (issue #7): calls run in the background, bounded.
    const analytics = new BackgroundAnalytics(new LoggingAnalytics(logger), logger);
    bind(TOKENS.BackgroundAnalytics).toConstantValue(analytics);
    bind(TOKENS.Analytics).toConstantValue(analytics);
    // Issue #14: notifications run off the request path, bounded, and never fail a request.
    const background = new BackgroundWork(logger);
    bind(TOKENS.BackgroundWork).toConstantValue(background);
    bind(TOKENS.BackgroundTasks).toConstantValue(background);
    bind(TOKENS.Clock).toConstantValue(clock);
    bind(TOKENS.IdGenerator).toConstantValue({ uuid: randomUUID });
  });
