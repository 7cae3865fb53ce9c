export { startVendorStandIn } from './vendor-stand-in.js';
export type { ReceivedPostHogEvent, ReceivedRequest, ReceivedSentryEvent, VendorStandIn } from './vendor-stand-in.js';
