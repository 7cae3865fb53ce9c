import type { EventDeliveryOutcome, EventDeliveryRequest, EventSender } from '../events/ports/event-sender.js';

/** An EventSender that answers from a script, in order (the last answer repeats), and keeps every request. */
export class ScriptedEventSender implements EventSender {
  /** Every request sent, in order. */
  readonly requests: EventDeliveryRequest[] = [];

  constructor(private readonly script: EventDeliveryOutcome[] = [{ kind: 'answered', status: 204, durationMs: 3 }]) {}

  send(request: EventDeliveryRequest): Promise<EventDeliveryOutcome> {
    this.requests.push(request);
    const outcome = this.script.length > 1 ? this.script.shift() : this.script[0];
    if (outcome === undefined) throw new Error('ScriptedEventSender: empty script');
    return Promise.resolve(outcome);
  }
}

/** An answer with this HTTP status. */
export const answered = (status: number, retryAfterSeconds?: number): EventDeliveryOutcome => ({
  kind: 'answered',
  status,
  durationMs: 7,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});
