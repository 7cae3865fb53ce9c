import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as t from 'io-ts';
import type { DeliveryAttempt, DeliveryStatus, EventDelivery } from '../event-delivery.js';
import type { EventDeliveryOutcome } from '../ports/event-sender.js';
import { failedTooLong, retryDelayMs } from '../retry-schedule.js';
import { liveSecrets, type DisabledReason, type WebhookEndpoint } from '../webhook-endpoint.js';
import { decodeJob } from './decode-job.js';
import { DELIVER_JOB, type DeliveryPorts } from './delivery-ports.js';
import { envelopeJson } from './envelope.js';
import { notifyEndpointDisabled } from './notify-disabled.js';

const DeliverData = t.type({ deliveryId: t.string });

/** What one attempt leads to: the delivery's next status, a retry's delay, or the endpoint disabled. */
type Verdict =
  | { readonly kind: 'settled'; readonly status: DeliveryStatus }
  | { readonly kind: 'retry'; readonly delayMs: number }
  | { readonly kind: 'disable'; readonly reason: DisabledReason };

const isSuccess = (outcome: EventDeliveryOutcome): boolean => outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;

// The attempt as the log keeps it: status, duration, code, error kind; never a body.
const attemptOf = (deps: DeliveryPorts, delivery: EventDelivery, outcome: EventDeliveryOutcome, at: Date): DeliveryAttempt => ({
  id: deps.ids.uuid(),
  deliveryId: delivery.id,
  eventId: delivery.eventId,
  attempt: delivery.attempts + 1,
  succeeded: isSuccess(outcome),
  durationMs: Math.round(outcome.durationMs),
  responseCode: outcome.kind === 'answered' ? outcome.status : null,
  errorKind: isSuccess(outcome) ? null : outcome.kind === 'answered' ? 'status' : outcome.kind === 'refused' ? 'refused' : outcome.reason,
  at,
});

// A failed attempt (a refused URL included): 410 disables at once, 5 days of failures disable, else the schedule decides.
const verdictOf = async (
  deps: DeliveryPorts,
  endpoint: WebhookEndpoint,
  attempt: DeliveryAttempt,
  outcome: EventDeliveryOutcome,
): Promise<Verdict> => {
  // A success reaches here only at a failing endpoint (the caller records the others at once).
  if (attempt.succeeded) {
    await deps.webhookEndpoints.clearFailing(endpoint.id);
    return { kind: 'settled', status: 'succeeded' };
  }
  if (outcome.kind === 'answered' && outcome.status === 410) return { kind: 'disable', reason: 'gone' };
  const since = await deps.webhookEndpoints.markFailing(endpoint.id, attempt.at);
  if (since !== null && failedTooLong(since, attempt.at)) return { kind: 'disable', reason: 'failing' };
  const retryAfter = outcome.kind === 'answered' ? outcome.retryAfterSeconds : undefined;
  const delayMs = retryDelayMs(attempt.attempt, retryAfter, deps.deliverySettings);
  return delayMs === undefined ? { kind: 'settled', status: 'dead' } : { kind: 'retry', delayMs };
};

// Opens the secrets that sign now, newest first.
const openSecrets = (deps: DeliveryPorts, endpoint: WebhookEndpoint, now: Date): Promise<string[]> =>
  Promise.all(liveSecrets(endpoint, now).map((sealed) => deps.endpointSecretVault.open(endpoint.id, sealed)));

/**
 * The `events.deliver` job: one signed attempt of one delivery, at the attempt's time. Any 2xx
 * succeeds; 410 disables the endpoint at once; an endpoint failing every attempt for 5 days is
 * disabled, its owner and admins told; otherwise a failure (a refused URL included) re-enqueues the
 * job at the Standard Webhooks schedule's next step (jittered, `Retry-After` honoured) until it is
 * spent and the delivery is dead. The attempt, the delivery's status and the retry are written in
 * one unit of work.
 */
export const deliver =
  (deps: DeliveryPorts) =>
  async (data: unknown): Promise<void> => {
    const { deliveryId } = decodeJob(DeliverData, data, DELIVER_JOB);
    const found = O.toNullable(await deps.eventDeliveries.findToAttempt(deliveryId));
    if (found === null || found.delivery.status !== 'pending') return;
    const { delivery } = found;
    const event = O.toNullable(found.event);
    const endpoint = O.toNullable(found.endpoint);
    if (event === null || endpoint === null || !endpoint.enabled) {
      await deps.eventDeliveries.setStatus(delivery.id, 'failed', deps.clock.now());
      return;
    }
    const at = deps.clock.now();
    const outcome = await deps.eventSender.send({
      url: endpoint.url,
      eventId: event.id,
      timestamp: at,
      body: envelopeJson(event),
      secrets: await openSecrets(deps, endpoint, at),
      timeoutMs: deps.deliverySettings.timeoutMs,
    });
    const attempt = attemptOf(deps, delivery, outcome, at);
    // The common case, a success at an endpoint that was not failing, is one statement: no transaction to open.
    if (attempt.succeeded && endpoint.failingSince === null) return deps.eventDeliveries.recordAttempt(attempt, 'succeeded');
    const disabled = await deps.unitOfWork.run(async () => {
      const verdict = await verdictOf(deps, endpoint, attempt, outcome);
      if (verdict.kind === 'settled') await deps.eventDeliveries.recordAttempt(attempt, verdict.status);
      if (verdict.kind === 'retry') {
        await deps.eventDeliveries.recordAttempt(attempt, 'pending');
        await deps.jobQueue.enqueue(
          DELIVER_JOB,
          { deliveryId: delivery.id },
          { startAfter: new Date(at.getTime() + verdict.delayMs), singletonKey: `${event.id}:${endpoint.id}:${attempt.attempt + 1}` },
        );
      }
      if (verdict.kind !== 'disable') return E.right(null);
      await deps.eventDeliveries.recordAttempt(attempt, 'failed');
      return E.right((await deps.webhookEndpoints.disable(endpoint.id, verdict.reason, at)) ? verdict.reason : null);
    });
    if (E.isRight(disabled) && disabled.right !== null) await notifyEndpointDisabled(deps, endpoint, disabled.right);
  };
