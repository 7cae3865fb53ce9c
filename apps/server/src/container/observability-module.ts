import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { Logger } from '@idv/core';
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
    bind(TOKENS.Analytics).toResolvedValue((log) => new LoggingAnalytics(log), [TOKENS.Logger]);
    bind(TOKENS.Clock).toConstantValue({ now: () => new Date() });
    bind(TOKENS.IdGenerator).toConstantValue({ uuid: randomUUID });
  });
