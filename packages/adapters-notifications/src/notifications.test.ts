import anyTest, { type TestFn } from 'ava';
import type { InstallationId, Locale, NotificationMessage, OrganizationId, InvitationId, Push, PushToken } from '@idv/core';
import { RecordingLogger } from '@idv/core/testing';
import { createExpoNotifications } from './expo/expo-notifications.js';
import { createLogOnlyNotifications } from './log-only-notifications.js';
import { createRenderer } from './render.js';
import { startExpoPushStandIn, type ExpoPushStandIn } from './testing/expo-push-stand-in.js';

const test = anyTest as TestFn<{ expo: ExpoPushStandIn }>;
const ACCESS_TOKEN = 'expo-access-token-for-tests';

test.beforeEach(async (t) => {
  t.context.expo = await startExpoPushStandIn({ accessToken: ACCESS_TOKEN });
});
test.afterEach.always(async (t) => {
  await t.context.expo.close();
});

const invited: NotificationMessage = {
  kind: 'invitation.received',
  organizationId: '00000000-0000-4000-8000-000000000001' as OrganizationId,
  organizationName: 'Iron Temple',
  invitationId: '00000000-0000-4000-8000-000000000002' as InvitationId,
  role: 'coach',
};
const accepted: NotificationMessage = { ...invited, kind: 'invitation.accepted', inviteeEmail: 'ada@example.com' };
const tokenOf = (n: number): PushToken => `ExponentPushToken[stand-in-${String(n).padStart(6, '0')}]` as PushToken;
const push = (n: number, locale = 'en', message: NotificationMessage = invited): Push => ({
  installationId: `install-${n}` as InstallationId,
  pushToken: tokenOf(n),
  platform: 'ios',
  locale: locale as Locale,
  message,
});

test('messages come from the ICU catalogues: en, tr (tr-TR too), and en for a language without a catalogue', (t) => {
  const render = createRenderer();
  t.like(render('en' as Locale, invited), {
    language: 'en',
    title: 'You were invited to Iron Temple',
    body: 'Open the app to join as a coach.',
  });
  t.like(render('tr-TR' as Locale, invited), {
    language: 'tr',
    title: 'Iron Temple sizi davet etti',
    body: 'Uygulamayı açın ve antrenör olarak katılın.',
  });
  t.like(render('tr' as Locale, accepted), { title: 'Davet kabul edildi', body: 'ada@example.com Iron Temple üyeliğini kabul etti.' });
  t.like(render('de-AT' as Locale, invited), { language: 'en', title: 'You were invited to Iron Temple' });
  t.like(render('en' as Locale, { ...accepted, inviteeEmail: null }), { body: 'Your invitee joined Iron Temple.' });
  t.deepEqual(render('en' as Locale, invited).data, {
    kind: 'invitation.received',
    organizationId: invited.organizationId,
    invitationId: invited.invitationId,
  });
});

test('an agreement request is put into the recipient’s language, carrying only ids', (t) => {
  const render = createRenderer();
  const message: NotificationMessage = {
    kind: 'agreement.requested',
    organizationId: invited.organizationId,
    organizationName: 'Iron Temple',
    agreementId: 'a-1',
  };
  const tr = render('tr-TR' as Locale, message);
  t.is(tr.title, 'Iron Temple sizden bir sözleşme imzalamanızı istiyor');
  t.deepEqual(tr.data, { kind: 'agreement.requested', organizationId: invited.organizationId, agreementId: 'a-1' });
  t.is(render('en' as Locale, message).title, 'Iron Temple asks you to sign an agreement');
});

test('a message missing from a catalogue falls back to en', (t) => {
  const render = createRenderer({
    en: {
      'invitation.received': { title: 'Hi {organizationName}', body: 'b' },
      'invitation.accepted': { title: 'A', body: 'B' },
      'webhook_endpoint.disabled': { title: 'D', body: 'E' },
      'agreement.requested': { title: 'S', body: 'B' },
    },
    tr: {} as never,
  });
  t.is(render('tr' as Locale, invited).title, 'Hi Iron Temple');
});

test('the log-only service logs each push with its title and a masked token, and reports nothing', async (t) => {
  const logger = new RecordingLogger();
  t.deepEqual(await createLogOnlyNotifications({ logger }).send([push(1, 'tr-TR')]), { unregistered: [], pendingReceipts: [] });
  t.like(logger.entries[0], {
    level: 'info',
    fields: { installationId: 'install-1', pushToken: '…001]', locale: 'tr-TR', language: 'tr', title: 'Iron Temple sizi davet etti' },
  });
  t.false(JSON.stringify(logger.entries).includes(tokenOf(1)));
});

test('Expo: each push reaches the stand-in in its language, with the access token, the title, body and data', async (t) => {
  const { expo } = t.context;
  const notifications = createExpoNotifications({ accessToken: ACCESS_TOKEN, baseUrl: expo.url, logger: new RecordingLogger() });
  const report = await notifications.send([push(1, 'tr-TR'), push(2, 'en')]);
  t.deepEqual(report.unregistered, []);
  t.deepEqual(
    report.pendingReceipts.map((receipt) => receipt.pushToken),
    [tokenOf(1), tokenOf(2)],
    "each accepted ticket is a receipt to read, under Expo's ticket id",
  );
  t.deepEqual(
    expo.pushes.map((p) => [p.to, p.title]),
    [
      [tokenOf(1), 'Iron Temple sizi davet etti'],
      [tokenOf(2), 'You were invited to Iron Temple'],
    ],
  );
  t.like(expo.pushes[0], {
    body: 'Uygulamayı açın ve antrenör olarak katılın.',
    data: { kind: 'invitation.received', invitationId: invited.invitationId },
    sound: 'default',
  });
});

test("Expo: pushes go in the SDK's batches of 100", async (t) => {
  const { expo } = t.context;
  const notifications = createExpoNotifications({ accessToken: ACCESS_TOKEN, baseUrl: expo.url, logger: new RecordingLogger() });
  await notifications.send(Array.from({ length: 230 }, (_, i) => push(i)));
  t.deepEqual(expo.batches, [100, 100, 30]);
  t.is(expo.pushes.length, 230);
});

test('Expo: a DeviceNotRegistered ticket is reported; the log never holds the full token (Expo quotes it in its message)', async (t) => {
  const { expo } = t.context;
  const logger = new RecordingLogger();
  expo.unregisteredAtSend.add(tokenOf(2));
  const notifications = createExpoNotifications({ accessToken: ACCESS_TOKEN, baseUrl: expo.url, logger });
  const report = await notifications.send([push(1), push(2)]);
  t.deepEqual(report.unregistered, [tokenOf(2)]);
  t.deepEqual(
    report.pendingReceipts.map((receipt) => receipt.pushToken),
    [tokenOf(1)],
    'no receipt for a refused push',
  );
  t.false(JSON.stringify(logger.entries).includes(tokenOf(2)));
});

test('Expo: reading receipts reports a DeviceNotRegistered one, forgets an ok one, and hands back one Expo does not know yet', async (t) => {
  const { expo } = t.context;
  expo.unregisteredInReceipts.add(tokenOf(2));
  const notifications = createExpoNotifications({ accessToken: ACCESS_TOKEN, baseUrl: expo.url, logger: new RecordingLogger() });
  const { pendingReceipts } = await notifications.send([push(1), push(2)]);
  const unknown = { receiptId: 'f3c1b6a2-0000-4000-8000-000000000000', pushToken: tokenOf(3) };
  t.deepEqual(await notifications.readReceipts([...pendingReceipts, unknown]), { unregistered: [tokenOf(2)], unanswered: [unknown] });
  t.deepEqual(expo.receiptRequests, [[...pendingReceipts.map((receipt) => receipt.receiptId), unknown.receiptId]], 'one request');
});

test('Expo: receipts that cannot be read (the service unreachable) come back unanswered, with a warning', async (t) => {
  const unreachable = await startExpoPushStandIn({ accessToken: ACCESS_TOKEN });
  await unreachable.close();
  const logger = new RecordingLogger();
  const notifications = createExpoNotifications({ accessToken: ACCESS_TOKEN, baseUrl: unreachable.url, logger });
  const receipts = [{ receiptId: 'f3c1b6a2-0000-4000-8000-000000000001', pushToken: tokenOf(4) }];
  t.deepEqual(await notifications.readReceipts(receipts), { unregistered: [], unanswered: receipts });
  t.like(logger.at('warn')[0], { message: 'push receipts not read' });
});

test('Expo: a token that is not an Expo push token is skipped with a warning, never sent', async (t) => {
  const { expo } = t.context;
  const logger = new RecordingLogger();
  const notifications = createExpoNotifications({ accessToken: ACCESS_TOKEN, baseUrl: expo.url, logger });
  const fcm = { ...push(3), pushToken: 'fcm:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx' as PushToken };
  t.deepEqual(await notifications.send([fcm]), { unregistered: [], pendingReceipts: [] });
  t.deepEqual(expo.pushes, []);
  t.like(logger.at('warn')[0], { message: 'push skipped: not an Expo push token', fields: { pushToken: '…RYqx' } });
});

test('Expo: a push service that fails rejects with its code only (the caller logs it at warn)', async (t) => {
  const { expo } = t.context;
  expo.failSendsWith = 500;
  const notifications = createExpoNotifications({ accessToken: ACCESS_TOKEN, baseUrl: expo.url, logger: new RecordingLogger() });
  const error = await t.throwsAsync(notifications.send([push(1)]));
  t.is(error?.message, 'expo push send failed: INTERNAL_SERVER_ERROR');
});

test('Expo: a wrong access token is refused by the stand-in and reported as a failure', async (t) => {
  const { expo } = t.context;
  const notifications = createExpoNotifications({ accessToken: 'wrong', baseUrl: expo.url, logger: new RecordingLogger() });
  await t.throwsAsync(notifications.send([push(1)]), { message: 'expo push send failed: UNAUTHORIZED' });
  t.deepEqual(expo.pushes, []);
});
