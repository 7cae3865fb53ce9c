import type { Analytics, Logger } from '@idv/core';

/** Analytics for deployments without an analytics vendor: events become debug log lines. */
export class LoggingAnalytics implements Analytics {
  constructor(private readonly logger: Logger) {}

  async identify(idpUserId: string): Promise<void> {
    this.logger.debug({ idpId: idpUserId }, 'analytics identify');
  }

  async track(idpUserId: string, event: string): Promise<void> {
    this.logger.debug({ idpId: idpUserId, event }, 'analytics track');
  }
}
