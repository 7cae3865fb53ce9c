import { maskPushToken, type Logger, type Notifications } from '@idv/core';
import { createRenderer, type Renderer } from './render.js';

/**
 * The default push service when none is configured: each push is put into words and logged (the
 * token masked, the title only: bodies may name people), nothing is delivered, nothing is ever
 * unregistered.
 *
 * @example
 * const notifications = createLogOnlyNotifications({ logger });
 */
export const createLogOnlyNotifications = (options: { readonly logger: Logger; readonly render?: Renderer }): Notifications => {
  const render = options.render ?? createRenderer();
  return {
    send: async (pushes) => {
      for (const push of pushes) {
        const { language, title } = render(push.locale, push.message);
        options.logger.info(
          {
            installationId: push.installationId,
            pushToken: maskPushToken(push.pushToken),
            platform: push.platform,
            locale: push.locale,
            language,
            kind: push.message.kind,
            title,
          },
          'push notification (log only: no push service configured)',
        );
      }
      return { unregistered: [], pendingReceipts: [] };
    },
    // No receipts: nothing was sent.
    readReceipts: async () => ({ unregistered: [], unanswered: [] }),
  };
};
