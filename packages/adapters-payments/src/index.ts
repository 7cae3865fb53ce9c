export { createIyzicoThreeDsScheme } from './iyzico/three-ds-scheme.js';
export type { IyzicoThreeDsOptions } from './iyzico/three-ds-scheme.js';
export { IYZICO_SIGNATURE_HEADER, createIyzicoWebhookScheme } from './iyzico/webhook-scheme.js';
export type { IyzicoWebhookOptions } from './iyzico/webhook-scheme.js';
export { createIyzicoSubscriptionScheme } from './iyzico/subscription-scheme.js';
export type { IyzicoSubscriptionOptions } from './iyzico/subscription-scheme.js';
export { createPaytrNotificationScheme } from './paytr/notification-scheme.js';
export type { PaytrNotificationOptions } from './paytr/notification-scheme.js';
export { hmacBase64, hmacHex } from './shared/mac.js';
