import { Webhook } from 'standardwebhooks';
import { WEBHOOK_HEADERS } from './webhook-headers.js';

/** One message to deliver: its id stays the same across retries and duplicates. */
export interface WebhookMessage {
  readonly id: string;
  readonly eventType: string;
  readonly userId: string;
  readonly body: string;
}

/** Where and how to send one attempt. */
export interface PostWebhookInput {
  readonly url: string;
  readonly secret: string;
  readonly message: WebhookMessage;
  readonly atMs: number;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
}

/** Sends one signed attempt; resolves to the HTTP status or `'network-error'` (timeouts included). */
export const postWebhook = async (input: PostWebhookInput): Promise<number | 'network-error'> => {
  const { url, secret, message, atMs } = input;
  const date = new Date(atMs);
  // Signed per attempt: the timestamp is the attempt's, the id is the message's.
  const signature = new Webhook(secret).sign(message.id, date, message.body);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([input.signal, AbortSignal.timeout(input.timeoutMs)]),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'idp-emulator-webhooks/1.0',
        [WEBHOOK_HEADERS.id]: message.id,
        [WEBHOOK_HEADERS.timestamp]: String(Math.floor(date.getTime() / 1000)),
        [WEBHOOK_HEADERS.signature]: signature,
      },
      body: message.body,
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return 'network-error';
  }
};
