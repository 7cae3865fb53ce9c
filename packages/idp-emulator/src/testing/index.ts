export { startWebhookReceiver, renameWebhookHeaders } from './webhook-receiver.js';
export type { ReceivedWebhook, WebhookReceiver, Responder } from './webhook-receiver.js';
export { adminFetch } from './admin-fetch.js';
export type { JsonAnswer } from './admin-fetch.js';
export { startEmulatorWithReceiver } from './emulator-with-receiver.js';
