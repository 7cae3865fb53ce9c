import test from 'ava';
import { pushReceiptJobHandlers } from '../devices/push-receipt-jobs.js';
import { eventsJobHandlers } from '../events/events-jobs.js';
import * as E from 'fp-ts/lib/Either.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import type { Email } from '../identity/email.js';
import type { InstallationId, PushToken } from '../devices/device.js';
import type { Locale } from '../devices/locale.js';
import { registerDevice, type RegisterDeviceInput } from '../devices/use-cases/register-device.js';
import { rememberLocale } from '../devices/use-cases/remember-locale.js';
import { revokeDevice } from '../devices/use-cases/revoke-device.js';
import { aPerson, anOrganization, createTestWorld, outcome, type TestWorld } from '../testing/index.js';
import { acceptInvitation } from './use-cases/accept-invitation.js';
import { invitationJobHandlers } from './invitation-jobs.js';
import { inviteMember } from './use-cases/invite-member.js';

const TOKEN = 'ExponentPushToken[devices-core-0001]' as PushToken;
const phone = (fields: Partial<RegisterDeviceInput> = {}): RegisterDeviceInput => ({
  installationId: 'phone-1' as InstallationId,
  pushToken: TOKEN,
  platform: 'ios',
  appVersion: null,
  locale: null,
  ...fields,
});

/** Runs the jobs the use cases enqueued, as the durable queue's workers would. */
const runJobs = (world: TestWorld) =>
  world.jobQueue.drain({ ...eventsJobHandlers(world), ...invitationJobHandlers(world), ...pushReceiptJobHandlers(world) });

const register = async (world: TestWorld, auth: AuthPayload, input: RegisterDeviceInput) => {
  const result = await registerDevice(world)(auth, input)();
  if (E.isLeft(result)) throw new Error(result.left._tag);
  return result.right;
};

/** An owner's organization and an existing user (path 2) with a device registered in `locale`. */
const invitationScene = async (locale: Locale | null) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {}, 'Iron Temple');
  const invitee = await aPerson(world, 'invitee');
  await register(world, invitee.auth, phone({ locale }));
  if (locale !== null) await rememberLocale(world)(invitee.user, locale)();
  const invite = () => inviteMember(world)(owner.auth, organization.id, { email: 'invitee@example.com' as Email, role: 'member' })();
  return { world, organization, owner, invitee, invite };
};

test('path 2 notifies the invitee, once per device, in their stored language, after the invitation commits', async (t) => {
  const { world, invite, organization } = await invitationScene('tr-TR' as Locale);
  const result = await invite();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  t.deepEqual(world.jobQueue.names(), ['invitations.notify-invitee'], 'a job enqueued with the invitation');
  t.is(world.notifications.sent.length, 0, 'nothing sent before the job runs');
  await runJobs(world);
  t.is(world.notifications.sent.length, 1);
  t.like(world.notifications.sent[0], {
    pushToken: TOKEN,
    locale: 'tr-TR',
    message: {
      kind: 'invitation.received',
      organizationId: organization.id,
      organizationName: 'Iron Temple',
      invitationId: result.right.invitation.id,
      role: 'member',
    },
  });
});

test('a path-1 invitation (no account) notifies nobody', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  t.is(
    outcome(await inviteMember(world)(owner.auth, organization.id, { email: 'stranger@example.com' as Email, role: 'member' })()),
    'Right',
  );
  await runJobs(world);
  t.deepEqual(world.notifications.sent, []);
});

test('after the device is revoked, the next invitation reaches nobody', async (t) => {
  const { world, invitee, invite } = await invitationScene('tr-TR' as Locale);
  await revokeDevice(world)(invitee.auth, 'phone-1' as InstallationId)();
  t.is(outcome(await invite()), 'Right');
  await runJobs(world);
  t.deepEqual(world.notifications.sent, []);
});

test('a push service that fails never fails the invitation: its job fails, to be retried', async (t) => {
  const { world, invite } = await invitationScene(null);
  world.notifications.failSends = true;
  t.is(outcome(await invite()), 'Right');
  await t.throwsAsync(runJobs(world), { message: 'push service unavailable' });
  world.notifications.failSends = false;
  const [job] = world.jobQueue.enqueued;
  await invitationJobHandlers(world)[job!.name]!(job!.data);
  t.is(world.notifications.sent.length, 1, 'the retry sends it');
});

test('DeviceNotRegistered at send removes the device, and the log shows only the masked token', async (t) => {
  const { world, invite } = await invitationScene(null);
  world.notifications.unregisteredAtSend.add(TOKEN);
  t.is(outcome(await invite()), 'Right');
  await runJobs(world);
  t.deepEqual(world.devices.all(), []);
  const logged = JSON.stringify(world.logger.entries);
  t.false(logged.includes(TOKEN));
  t.true(logged.includes('…001]'));
});

test("accepting notifies the inviter in the inviter's language", async (t) => {
  const { world, owner, invitee, invite, organization } = await invitationScene(null);
  await register(
    world,
    owner.auth,
    phone({
      installationId: 'owner-phone' as InstallationId,
      pushToken: 'ExponentPushToken[devices-owner-01]' as PushToken,
      locale: 'tr' as Locale,
    }),
  );
  const invited = await invite();
  if (E.isLeft(invited)) return t.fail(invited.left._tag);
  await runJobs(world);
  world.notifications.sent.length = 0;
  const accepted = await acceptInvitation(world)(invitee.auth, { invitationId: invited.right.invitation.id })();
  t.is(outcome(accepted), 'Right');
  await runJobs(world);
  t.deepEqual(
    world.notifications.sent.map((push) => [
      push.installationId,
      push.locale,
      push.message.kind,
      'organizationName' in push.message ? push.message.organizationName : null,
    ]),
    [['owner-phone', 'tr', 'invitation.accepted', organization.name]],
  );
  t.like(world.notifications.sent[0]?.message, { inviteeEmail: 'invitee@example.com' });
});
