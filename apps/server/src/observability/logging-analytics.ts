import type { Analytics, Logger } from '@idv/core';

const DONE = Promise.resolve();

/**
 * Analytics for deployments without an analytics vendor: events become debug log lines, written
 * at once (nothing to wait for, so nothing for a background queue to bound).
 */
export class LoggingAnalytics implements Analytics {
  constructor(private readonly logger: Logger) {}

  identify(idpUserId: string): Promise<void> {
    this.logger.debug({ idpId: idpUserId }, 'analytics identify');
    return DONE;
  }

  track(idpUserId: string, event: string): Promise<void> {
    this.logger.debug({ idpId: idpUserId, event }, 'analytics track');
    return DONE;
  }

  /** Nothing is ever in flight. */
  drain(): Promise<void> {
    return DONE;
  }
}
