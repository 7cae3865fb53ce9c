import type { EndpointUrlPolicy, EndpointUrlRefusal } from '../events/ports/event-sender.js';

/** Accepts every URL except those given a refusal in `refusals` (by exact URL). */
export class FixedEndpointUrlPolicy implements EndpointUrlPolicy {
  /** The refusal each listed URL gets. */
  readonly refusals = new Map<string, EndpointUrlRefusal>();

  check(url: string): Promise<EndpointUrlRefusal | undefined> {
    return Promise.resolve(this.refusals.get(url));
  }
}
