/** The neutral header names the emulator signs deliveries under (the provider's `svix-*`). */
export const WEBHOOK_HEADERS = {
  id: 'idp-webhook-id',
  timestamp: 'idp-webhook-timestamp',
  signature: 'idp-webhook-signature',
} as const;
