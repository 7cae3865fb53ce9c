export { startExpoPushStandIn } from './expo-push-stand-in.js';
export type { ExpoPushStandIn, RecordedPush } from './expo-push-stand-in.js';
