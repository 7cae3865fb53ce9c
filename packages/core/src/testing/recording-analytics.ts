import type { Analytics } from '../shared/analytics.js';

/** One recorded analytics call. */
export interface AnalyticsCall {
  readonly kind: 'identify' | 'track';
  readonly idpUserId: string;
  readonly event?: string;
}

/** Analytics that records calls, and can be told to fail like an unreachable vendor. */
export class RecordingAnalytics implements Analytics {
  readonly calls: AnalyticsCall[] = [];
  failing = false;

  /** Records the call. */
  async identify(idpUserId: string): Promise<void> {
    if (this.failing) throw new Error('analytics unreachable');
    this.calls.push({ kind: 'identify', idpUserId });
  }
  /** Records the call. */
  async track(idpUserId: string, event: string): Promise<void> {
    if (this.failing) throw new Error('analytics unreachable');
    this.calls.push({ kind: 'track', idpUserId, event });
  }

  /** How often `event` was tracked. */
  tracked(event: string): number {
    return this.calls.filter((call) => call.kind === 'track' && call.event === event).length;
  }
}
