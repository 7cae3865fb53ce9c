import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import type { Dispatcher } from 'undici';

// Required on first use, like the Expo SDK it serves (see expo-notifications.ts).
const requireUndici = createRequire(import.meta.url);

/**
 * An undici dispatcher that sends every request of the Expo SDK to `baseUrl` instead.
 *
 * expo-server-sdk 6.1 takes no base URL option: `ExpoClientValues.js` reads
 * `process.env.EXPO_BASE_URL` once, when the module is first imported, so a URL from our decoded
 * configuration (or a second client in the same process) would be ignored. Its `httpAgent` option
 * is the undici dispatcher its `fetch` uses, so this one rewrites each request's origin (and path
 * prefix) while keeping the SDK's own path (`/--/api/v2/push/send`, `…/getReceipts`).
 *
 * @example
 * new Expo({ accessToken, httpAgent: baseUrlDispatcher('http://127.0.0.1:4100') });
 */
export const baseUrlDispatcher = (baseUrl: string): Dispatcher => {
  const target = new URL(baseUrl);
  const prefix = target.pathname.replace(/\/+$/, '');
  const { Agent } = requireUndici('undici') as typeof Undici;
  return new Agent().compose((dispatch) => (options, handler) => {
    const apiAt = options.path.indexOf('/--/');
    const path = `${prefix}${apiAt >= 0 ? options.path.slice(apiAt) : options.path}`;
    return dispatch({ ...options, origin: target.origin, path }, handler);
  });
};
