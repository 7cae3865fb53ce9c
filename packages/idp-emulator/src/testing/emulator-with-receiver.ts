import type { IdpEmulator } from '../idp-emulator.js';
import type { IdpEmulatorOptions } from '../options.js';
import { startIdpEmulator } from '../start-idp-emulator.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/**
 * An emulator whose webhooks go to a fresh local receiver; both are closed by the given teardown
 * registration (ava's `t.teardown`).
 */
export const startEmulatorWithReceiver = async (
  teardown: (fn: () => Promise<void>) => void,
  options: Omit<IdpEmulatorOptions, 'webhookUrl'> = {},
): Promise<{ emulator: IdpEmulator; receiver: WebhookReceiver }> => {
  const receiver = await startWebhookReceiver();
  const emulator = await startIdpEmulator({ ...options, webhookUrl: receiver.url });
  teardown(async () => {
    await emulator.close();
    await receiver.close();
  });
  return { emulator, receiver };
};
