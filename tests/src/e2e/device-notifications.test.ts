import anyTest, { type TestFn } from 'ava';
import { startExpoPushStandIn, type ExpoPushStandIn } from '@idv/adapters-notifications/testing';
import { startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { callService, persona, type ApiAnswer } from '../support/service-api.js';

// Devices and push: the real server (in-process, over a socket), the provider emulator, and a
// local stand-in of Expo's push API as the push service (EXPO_ACCESS_TOKEN + EXPO_BASE_URL).
const test = anyTest as TestFn<{ world: EmulatedService; expo: ExpoPushStandIn; answers: ApiAnswer[] }>;
const ACCESS_TOKEN = 'expo-e2e-access-token';
const TOKENS = {
  invitee: 'ExponentPushToken[e2e-invitee-0000001]',
  stale: 'ExponentPushToken[e2e-stale-00000002]',
  owner: 'ExponentPushToken[e2e-owner-00000003]',
  uninstalled: 'ExponentPushToken[e2e-gone-000000004]',
};

test.before(async (t) => {
  const expo = await startExpoPushStandIn({ accessToken: ACCESS_TOKEN });
  const world = await startEmulatedService({ EXPO_ACCESS_TOKEN: ACCESS_TOKEN, EXPO_BASE_URL: expo.url, EXPO_RECEIPT_DELAY_SECONDS: '0' });
  t.context = { world, expo, answers: [] };
});
test.after.always(async (t) => {
  await t.context.world?.close();
  await t.context.expo?.close();
});

/** One request as a persona, with extra headers; every answer is kept for the leak check. */
const as = (t: { context: { world: EmulatedService; answers: ApiAnswer[] } }, idpId: string, headers: Record<string, string> = {}) => {
  const send = async (method: string, path: string, body?: unknown) => {
    const answer = await callService(
      t.context.world.service.url,
      async () => ({ ...(await persona(idpId)()), ...headers }),
      method,
      path,
      body,
    );
    t.context.answers.push(answer);
    return answer;
  };
  return {
    get: (path: string) => send('GET', path),
    put: (path: string, body: unknown) => send('PUT', path, body),
    post: (path: string, body: unknown) => send('POST', path, body),
    delete: (path: string) => send('DELETE', path),
  };
};

const settled = (t: { context: { world: EmulatedService } }) => t.context.world.service.server.settle();

test.serial(
  'register with X-Locale tr-TR, be invited as an existing user: one Turkish push to that device; revoked, the next invitation reaches nobody',
  async (t) => {
    const { world, expo } = t.context;
    const ownerId = await world.seedUser('temple-owner@example.com');
    const inviteeId = await world.seedUser('temple-invitee@example.com');
    const owner = as(t, ownerId);
    const invitee = as(t, inviteeId, { 'x-locale': 'tr-TR' });

    const registered = await invitee.put('/users/me/devices/invitee-phone', {
      pushToken: TOKENS.invitee,
      platform: 'ios',
      appVersion: '3.1.0',
    });
    t.is(registered.status, 201);
    t.like(registered.body, { device: { installationId: 'invitee-phone', locale: 'tr-TR', pushToken: '…001]' } });

    const temple = await owner.post('/organizations', { name: 'Iron Temple' });
    t.is(temple.status, 201);
    const invited = await owner.post(`/organizations/${temple.body.organization.id}/invitations`, {
      email: 'temple-invitee@example.com',
      role: 'member',
    });
    t.is(invited.status, 201);
    t.like(invited.body, { membership: { status: 'pending_invitation' } });
    await settled(t);
    t.deepEqual(
      expo.pushes.map((push) => [push.to, push.title, push.body]),
      [[TOKENS.invitee, 'Iron Temple sizi davet etti', 'Uygulamayı açın ve üye olarak katılın.']],
    );
    t.like(expo.pushes[0]?.data, {
      kind: 'invitation.received',
      organizationId: temple.body.organization.id,
      invitationId: invited.body.invitation.id,
    });

    t.is((await invitee.delete('/users/me/devices/invitee-phone')).status, 204);
    t.is((await invitee.delete('/users/me/devices/invitee-phone')).status, 204, 'revoking again is a no-op');
    t.deepEqual((await invitee.get('/users/me/devices')).body, { items: [] });
    const forge = await owner.post('/organizations', { name: 'Iron Forge' });
    t.is(
      (
        await owner.post(`/organizations/${forge.body.organization.id}/invitations`, {
          email: 'temple-invitee@example.com',
          role: 'member',
        })
      ).status,
      201,
    );
    await settled(t);
    t.is(expo.pushes.length, 1, 'the second invitation reached nobody');
  },
);

test.serial('a malformed X-Locale changes nothing and breaks nothing; the next notification is still in the stored language', async (t) => {
  const { world, expo } = t.context;
  const ownerId = await world.seedUser('locale-owner@example.com');
  const inviteeId = await world.seedUser('locale-invitee@example.com');
  const invitee = as(t, inviteeId, { 'x-locale': 'tr-TR' });
  t.is((await invitee.put('/users/me/devices/locale-phone', { pushToken: TOKENS.invitee, platform: 'android' })).status, 201);

  const garbled = as(t, inviteeId, { 'x-locale': 'tr_TR!!;drop table users' });
  t.is((await garbled.get('/users/me')).status, 200);
  t.is((await garbled.get('/users/me/invitations')).status, 200);
  const updated = await garbled.put('/users/me/devices/locale-phone', { pushToken: TOKENS.invitee, platform: 'android' });
  t.is(updated.status, 200);
  t.like(updated.body, { device: { locale: 'tr-TR' } });

  const owner = as(t, ownerId);
  const org = await owner.post('/organizations', { name: 'Iron Temple' });
  const before = expo.pushes.length;
  t.is(
    (await owner.post(`/organizations/${org.body.organization.id}/invitations`, { email: 'locale-invitee@example.com', role: 'coach' }))
      .status,
    201,
  );
  await settled(t);
  t.deepEqual(
    expo.pushes.slice(before).map((push) => [push.to, push.title]),
    [[TOKENS.invitee, 'Iron Temple sizi davet etti']],
  );
});

test.serial('accepting notifies the inviter in their language; a DeviceNotRegistered ticket removes that device', async (t) => {
  const { world, expo } = t.context;
  const ownerId = await world.seedUser('accept-owner@example.com');
  const inviteeId = await world.seedUser('accept-invitee@example.com');
  const owner = as(t, ownerId, { 'accept-language': 'en-GB,en;q=0.8' });
  t.is((await owner.put('/users/me/devices/owner-phone', { pushToken: TOKENS.owner, platform: 'ios' })).status, 201);
  t.is((await owner.put('/users/me/devices/owner-old-tablet', { pushToken: TOKENS.stale, platform: 'android' })).status, 201);
  expo.unregisteredAtSend.add(TOKENS.stale);

  const org = await owner.post('/organizations', { name: 'Iron Temple' });
  const invited = await owner.post(`/organizations/${org.body.organization.id}/invitations`, {
    email: 'accept-invitee@example.com',
    role: 'member',
  });
  const before = expo.pushes.length;
  const accepted = await as(t, inviteeId).post('/invitations/accept', { invitationId: invited.body.invitation.id });
  t.is(accepted.status, 200);
  await settled(t);
  t.deepEqual(
    expo.pushes.slice(before).map((push) => [push.to, push.title, push.body]),
    [
      [TOKENS.owner, 'Invitation accepted', 'accept-invitee@example.com joined Iron Temple.'],
      [TOKENS.stale, 'Invitation accepted', 'accept-invitee@example.com joined Iron Temple.'],
    ],
  );
  t.deepEqual(
    (await owner.get('/users/me/devices')).body.items.map((d: { installationId: string }) => d.installationId),
    ['owner-phone'],
  );
});

test.serial('a DeviceNotRegistered receipt, read by the durable receipts job once due, removes the device', async (t) => {
  const { world, expo } = t.context;
  const ownerId = await world.seedUser('receipt-owner@example.com');
  const inviteeId = await world.seedUser('receipt-invitee@example.com');
  const invitee = as(t, inviteeId);
  t.is((await invitee.put('/users/me/devices/uninstalled-phone', { pushToken: TOKENS.uninstalled, platform: 'ios' })).status, 201);
  expo.unregisteredInReceipts.add(TOKENS.uninstalled);
  const owner = as(t, ownerId);
  const org = await owner.post('/organizations', { name: 'Receipt Gym' });
  t.is(
    (await owner.post(`/organizations/${org.body.organization.id}/invitations`, { email: 'receipt-invitee@example.com', role: 'member' }))
      .status,
    201,
  );
  // EXPO_RECEIPT_DELAY_SECONDS=0: the devices.read-receipts job is due at once; the removal follows the read.
  await expo.whenReceiptAsked(TOKENS.uninstalled);
  await settled(t);
  t.deepEqual((await invitee.get('/users/me/devices')).body, { items: [] });
});

test.serial('no full push token in any response or log line of the device flows', async (t) => {
  const { world, answers } = t.context;
  t.true(answers.length >= 10, 'the flows above were captured');
  const responses = JSON.stringify(answers);
  const logs = world.service.logs.text();
  for (const token of Object.values(TOKENS)) {
    t.false(responses.includes(token), `a response holds ${token.slice(0, 20)}…`);
    t.false(logs.includes(token), `a log line holds ${token.slice(0, 20)}…`);
  }
  t.true(logs.includes('devices removed: not registered at the push service'), 'the removal was logged (masked)');
});
