import type { WebhookEventType, WebhookMetrics, WebhookOutcome } from '../identity/ports/webhook-metrics.js';

/** Webhook metrics that keep every counted delivery, in order. */
export class RecordingWebhookMetrics implements WebhookMetrics {
  readonly deliveries: { readonly eventType: WebhookEventType; readonly outcome: WebhookOutcome }[] = [];

  delivery(eventType: WebhookEventType, outcome: WebhookOutcome): void {
    this.deliveries.push({ eventType, outcome });
  }
}
