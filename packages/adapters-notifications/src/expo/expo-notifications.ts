import {
  maskPushToken,
  type Logger,
  type Notifications,
  type PendingReceipt,
  type Push,
  type PushToken,
  type ReceiptsReport,
  type SendReport,
} from '@idv/core';
import { createRequire } from 'node:module';
import type * as ExpoSdk from 'expo-server-sdk';
import type { ExpoPushMessage, ExpoPushReceipt, ExpoPushTicket } from 'expo-server-sdk';
import { createRenderer, type Renderer } from '../render.js';
import { baseUrlDispatcher } from './base-url-dispatcher.js';

// Required when the adapter is created, never at import: a service that does not configure this vendor
// never holds its SDK in memory (peak RSS). The SDK ships CommonJS, so a synchronous require works.
const requireSdk = createRequire(import.meta.url);

/** How the Expo adapter reaches Expo's push service. */
export interface ExpoNotificationsOptions {
  /** `EXPO_ACCESS_TOKEN`: sent as the bearer of every request; never logged. */
  readonly accessToken: string;
  /** `EXPO_BASE_URL`: another push service speaking Expo's API (a local stand-in); Expo's own when omitted. */
  readonly baseUrl?: string;
  readonly logger: Logger;
  /** The SDK's first retry delay on a 429 (default the SDK's 1 000 ms). */
  readonly retryMinTimeoutMs?: number;
  /** Puts messages into words (default: `createRenderer()` over the built-in catalogues). */
  readonly render?: Renderer;
}

const NOT_REGISTERED = 'DeviceNotRegistered';

const codeOf = (error: unknown): string => {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string') return code;
  return typeof statusCode === 'number' ? `HTTP ${statusCode}` : error instanceof Error ? error.name : 'unknown';
};

/**
 * The Expo push service through `expo-server-sdk` 6.1: pushes are put into words from
 * the catalogues and sent in the SDK's batches (100 a request); each accepted ticket is handed back
 * as a receipt to read (the caller keeps it durably and asks once due), receipts are read in the
 * SDK's batches. A `DeviceNotRegistered` ticket or receipt is reported so its device is removed; other errors
 * are logged at warn by their code. Tokens are logged masked only, and Expo's error messages (which
 * quote the token) never.
 *
 * @example
 * const notifications = createExpoNotifications({ accessToken, baseUrl: process.env.EXPO_BASE_URL, logger });
 * await notifications.send([push]); // { unregistered: [] }
 */
export const createExpoNotifications = (options: ExpoNotificationsOptions): Notifications => {
  const { Expo } = requireSdk('expo-server-sdk') as typeof ExpoSdk;
  const expo = new Expo({
    accessToken: options.accessToken,
    ...(options.baseUrl === undefined ? {} : { httpAgent: baseUrlDispatcher(options.baseUrl) }),
    ...(options.retryMinTimeoutMs === undefined ? {} : { retryMinTimeout: options.retryMinTimeoutMs }),
  });
  const render = options.render ?? createRenderer();
  const { logger } = options;

  // An error ticket or receipt: the token is reported when it is no longer registered, otherwise logged by its code.
  const judge = (
    outcome: ExpoPushTicket | ExpoPushReceipt,
    pushToken: PushToken,
    unregistered: PushToken[],
    stage: 'ticket' | 'receipt',
  ): void => {
    if (outcome.status !== 'error') return;
    const code = outcome.details?.error ?? 'unknown';
    if (code === NOT_REGISTERED) unregistered.push(pushToken);
    else logger.warn({ stage, code, pushToken: maskPushToken(pushToken) }, 'push notification refused');
  };

  const messageOf = (push: Push): ExpoPushMessage => {
    const { title, body, data } = render(push.locale, push.message);
    return { to: push.pushToken, title, body, data, sound: 'default' };
  };

  const send = async (pushes: readonly Push[]): Promise<SendReport> => {
    const deliverable = pushes.filter((push) => Expo.isExpoPushToken(push.pushToken));
    for (const push of pushes.filter((p) => !deliverable.includes(p))) {
      logger.warn(
        { installationId: push.installationId, pushToken: maskPushToken(push.pushToken) },
        'push skipped: not an Expo push token',
      );
    }
    const unregistered: PushToken[] = [];
    const pendingReceipts: PendingReceipt[] = [];
    const failures: string[] = [];
    const batches = expo.chunkPushNotifications(deliverable.map(messageOf));
    let offset = 0;
    for (const batch of batches) {
      const tokens = deliverable.slice(offset, offset + batch.length).map((push) => push.pushToken);
      offset += batch.length;
      try {
        const tickets = await expo.sendPushNotificationsAsync(batch);
        tickets.forEach((ticket, index) => {
          const pushToken = tokens[index]!;
          if (ticket.status === 'ok') pendingReceipts.push({ receiptId: ticket.id, pushToken });
          else judge(ticket, pushToken, unregistered, 'ticket');
        });
      } catch (error) {
        failures.push(codeOf(error));
        logger.warn({ code: codeOf(error), pushes: batch.length }, 'push batch not sent');
      }
    }
    if (failures.length === batches.length && batches.length > 0) throw new Error(`expo push send failed: ${failures.join(', ')}`);
    return { unregistered, pendingReceipts };
  };

  const readReceipts = async (receipts: readonly PendingReceipt[]): Promise<ReceiptsReport> => {
    const byId = new Map(receipts.map((receipt) => [receipt.receiptId, receipt]));
    const unregistered: PushToken[] = [];
    const unanswered: PendingReceipt[] = [];
    for (const ids of expo.chunkPushNotificationReceiptIds([...byId.keys()])) {
      let answers: Record<string, ExpoPushReceipt>;
      try {
        answers = await expo.getPushNotificationReceiptsAsync(ids);
      } catch (error) {
        // Asked again later with the rest not answered yet.
        logger.warn({ code: codeOf(error), receipts: ids.length }, 'push receipts not read');
        unanswered.push(...ids.map((id) => byId.get(id)!));
        continue;
      }
      for (const id of ids) {
        const receipt = answers[id];
        // Not known yet: asked again later.
        if (receipt === undefined) unanswered.push(byId.get(id)!);
        else judge(receipt, byId.get(id)!.pushToken, unregistered, 'receipt');
      }
    }
    return { unregistered, unanswered };
  };

  return { send, readReceipts };
};
