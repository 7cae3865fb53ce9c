import test from 'ava';
import { Webhook } from 'svix';
import { adminFetch, renameWebhookHeaders, startEmulatorWithReceiver } from '@idv/idp-emulator/testing';

process.env['CLERK_TELEMETRY_DISABLED'] = '1';

test('svix verifies emulator deliveries once the headers are renamed to svix-*', async (t) => {
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn), { timeScale: 0.001 });
  const user = await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['svix@example.com'] });
  await adminFetch(emulator, 'DELETE', `/v1/users/${user.body.id}`);
  await emulator.whenSettled();
  t.is(receiver.received.length, 2);
  const wh = new Webhook(emulator.webhookSecret);
  const events = receiver.received.map(
    (r) => wh.verify(r.body, renameWebhookHeaders(r.headers, 'svix')) as { type: string; data: { id: string } },
  );
  t.deepEqual(
    events.map((e) => e.type),
    ['user.created', 'user.deleted'],
  );
  t.is(events[1]?.data.id, user.body.id);
  const tampered = receiver.received[0]?.body.replace('svix@example.com', 'evil@example.com') ?? '';
  t.throws(() => wh.verify(tampered, renameWebhookHeaders(receiver.received[0]?.headers ?? {}, 'svix')));
});
