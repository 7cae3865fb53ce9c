export { CATALOGUES, FALLBACK_LANGUAGE } from './catalogues.js';
export type { Catalogue, MessageKind, MessagePatterns } from './catalogues.js';
export { createRenderer } from './render.js';
export type { RenderedMessage, Renderer } from './render.js';
export { createLogOnlyNotifications } from './log-only-notifications.js';
export { createExpoNotifications } from './expo/expo-notifications.js';
export type { ExpoNotificationsOptions } from './expo/expo-notifications.js';
export { baseUrlDispatcher } from './expo/base-url-dispatcher.js';
