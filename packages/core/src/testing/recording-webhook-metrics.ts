import type { WebhookEventType, WebhookMetrics, WebhookOutcome } from '../identity/ports/webhook-metrics.js';

/** Webhook metrics that keep every counted delivery, in order. */
export class RecordingWebhookMetrics implements WebhookMetrics {
  /** Every delivery counted so far, oldest first. */
  readonly deliveries: { readonly eventType: WebhookEventType; readonly outcome: WebhookOutcome }[] = [];

  /** Records the delivery. */
  delivery(eventType: WebhookEventType, outcome: WebhookOutcome): void {
    this.deliveries.push({ eventType, outcome });
  }
}
