import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { Logger } from '@idv/core';
import { BackgroundAnalytics } from '../observability/background-analytics.js';
import { LoggingAnalytics } from '../observability/logging-analytics.js';
import { LoggingErrorTracker } from '../observability/logging-error-tracker.js';
import { TOKENS } from './tokens.js';

/** Logger, error tracking, analytics, clock and id generation. */
export const observabilityModule = (logger: Logger): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Logger).toConstantValue(logger);
    const errorTracker = new LoggingErrorTracker(logger);
    bind(TOKENS.ErrorTracker).toConstantValue(errorTracker);
    bind(TOKENS.ErrorTrackingScope).toConstantValue((next) => errorTracker.scope(next));
    // Analytics never holds up a response (issue #7): calls run in the background, bounded.
    const analytics = new BackgroundAnalytics(new LoggingAnalytics(logger), logger);
    bind(TOKENS.BackgroundAnalytics).toConstantValue(analytics);
    bind(TOKENS.Analytics).toConstantValue(analytics);
    bind(TOKENS.Clock).toConstantValue({ now: () => new Date() });
    bind(TOKENS.IdGenerator).toConstantValue({ uuid: randomUUID });
  });
