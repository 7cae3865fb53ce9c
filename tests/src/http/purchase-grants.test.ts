import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { startPaymentsEmulator, targetsOf, type PaymentsEmulator } from '@idv/payments-emulator';
import { serviceDatabases, type ServiceDatabase } from '../persistence/support/backends.js';
import { emulatorClient } from '../support/e2e-emulator-client.js';
import { startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { eventually } from '../support/eventually.js';
import { MovingClock } from '../support/moving-clock.js';
import { MONTHLY_PLAN_BODY } from '../support/gym-on-sale.js';
import { formOf, submit } from '../support/payment-pages.js';
import { paymentsEmulatorEnv } from '../support/payments-emulator-env.js';

// What a verified payment grants, end to end over real sockets on PGlite and PostgreSQL: the
// payments emulator plays iyzico and PayTR, the provider emulator e-mails the sign-up ticket, and the
// buyer follows the purchase only with its status token.
const test = anyTest.serial as TestFn;
const databases = serviceDatabases('the PostgreSQL purchase-grant cases did not run: TEST_DATABASE_URL is not set');

const CARD = { holderName: 'Ada Lovelace', number: '5528790000000008', expireMonth: '12', expireYear: '2030', cvc: '123' };
const MINUTE = 60_000;

interface Gym {
  readonly world: EmulatedService;
  readonly payments: PaymentsEmulator;
  readonly clock: MovingClock;
  readonly ownerId: string;
  readonly orgId: string;
  readonly slug: string;
  readonly templateId: string;
}

const startGym = async (database: ServiceDatabase, name: string): Promise<Gym> => {
  const payments = await startPaymentsEmulator({ timeScale: 0.001 });
  const clock = new MovingClock();
  const world = await startEmulatedService({ ...paymentsEmulatorEnv(payments), ...database.env() }, { clock });
  payments.setTargets(targetsOf(world.service.url));
  const ownerId = await world.seedUser(`owner-${name.toLowerCase().replace(/\W+/g, '-')}@gym.example`);
  const created = await world.as(ownerId).post('/organizations', { name });
  if (created.status !== 201) throw new Error(`fixture: ${created.status} ${JSON.stringify(created.body)}`);
  const orgId = created.body.organization.id as string;
  const template = await world.as(ownerId).post(`/organizations/${orgId}/agreement-templates`, {
    kind: 'waiver',
    texts: { en: { title: 'Liability waiver', body: 'I train at my own risk.' } },
  });
  if (template.status !== 201) throw new Error(`fixture: ${template.status} ${JSON.stringify(template.body)}`);
  return { world, payments, clock, ownerId, orgId, slug: created.body.organization.slug, templateId: template.body.id };
};

const closeGym = async (gym: Gym) => {
  await gym.world.close();
  await gym.payments.close();
};

const createPlan = async (gym: Gym, extra: Record<string, unknown> = {}): Promise<string> => {
  const plan = await gym.world.as(gym.ownerId).post(`/organizations/${gym.orgId}/plans`, {
    ...MONTHLY_PLAN_BODY,
    agreementTemplateIds: [gym.templateId],
    ...extra,
  });
  if (plan.status !== 201) throw new Error(`fixture: ${plan.status} ${JSON.stringify(plan.body)}`);
  return plan.body.plan.id as string;
};

const publicCall = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
};

let keys = 0;
const buy = async (gym: Gym, body: Record<string, unknown>) => {
  keys += 1;
  const answer = await publicCall(`${gym.world.service.url}/public/organizations/${gym.slug}/purchases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `grant-test-key-${keys}-${Date.now()}` },
    body: JSON.stringify({ name: 'Ayşe Yılmaz', locale: 'tr-TR', ...body }),
  });
  if (answer.status !== 201) throw new Error(`purchase answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as {
    purchase: { id: string };
    statusToken: string;
    payment: { merchantReference: string; threeDsHtmlContent?: string; iframeUrl?: string };
  };
};

const statusOf = (gym: Gym, started: { purchase: { id: string }; statusToken: string }) =>
  publicCall(`${gym.world.service.url}/public/purchases/${started.purchase.id}?token=${encodeURIComponent(started.statusToken)}`);

const paytrNotice = (gym: Gym, merchantReference: string, status: 'success' | 'failed') => {
  const { merchantKey, merchantSalt } = gym.payments.paytr;
  const total = '150000';
  const hash = createHmac('sha256', merchantKey).update(`${merchantReference}${merchantSalt}${status}${total}`).digest('base64');
  return fetch(`${gym.world.service.url}/payments/callbacks/paytr`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ merchant_oid: merchantReference, status, total_amount: total, hash }).toString(),
  }).then(async (response) => `${response.status} ${await response.text()}`);
};

const roster = async (gym: Gym) =>
  (await gym.world.as(gym.ownerId).get(`/organizations/${gym.orgId}/members?include=cancelled`)).body.items as Array<
    Record<string, unknown>
  >;

for (const database of databases) {
  const backend = database.label;

  test(`${backend}: a visitor without an account buys a monthly plan by iyzico 3DS, signs the waiver, signs up with the e-mailed ticket and is an active member until a month later`, async (t) => {
    const gym = await startGym(database, `Ticket Gym ${backend}`);
    t.teardown(() => closeGym(gym));
    const planId = await createPlan(gym);
    const email = `visitor-${backend.toLowerCase()}@example.com`;
    const started = await buy(gym, { planId, email, provider: 'iyzico', card: CARD, nationalId: '10000000146' });
    t.like((await statusOf(gym, started)).body, { purchase: { status: 'awaiting_payment' }, next: 'pay', validUntil: null });

    // The browser: iyzico's 3DS page, then the signed return to the service, which takes the money and grants.
    const returned = formOf(await (await submit(formOf(started.payment.threeDsHtmlContent!).action, { outcome: 'success' })).text());
    t.is((await submit(returned.action, returned.fields)).status, 303);

    const paid = await statusOf(gym, started);
    t.like(paid.body, { purchase: { status: 'paid' }, next: 'sign_agreements' });
    const validUntil = new Date(paid.body.validUntil as string);
    const now = gym.clock.now();
    t.is(validUntil.getUTCMonth(), (now.getUTCMonth() + 1) % 12, 'a calendar month after payment');
    const [waiver] = paid.body.agreements;
    t.like(waiver, { title: 'Liability waiver', status: 'pending' });
    t.regex(waiver.link.url, /\/sign\/[A-Za-z0-9_-]{43}$/);
    t.is((await statusOf(gym, started)).body.agreements[0].link, null, 'the signing link is answered once');

    const token = (waiver.link.url as string).split('/').at(-1)!;
    const signed = await publicCall(`${gym.world.service.url}/forms/${token}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'purchase-grants-test' },
      body: JSON.stringify({ typedName: 'Ayşe Yılmaz', consent: true }),
    });
    t.is(signed.status, 201, JSON.stringify(signed.body));
    t.like((await statusOf(gym, started)).body, { purchase: { status: 'paid' }, next: 'check_email', agreements: [{ status: 'signed' }] });

    // The provider's ticket e-mail goes out from the durable job enqueued with the grant.
    const provider = emulatorClient(gym.world.emulator);
    const emails = await eventually(
      () => provider.emails(email),
      (sent) => sent.length > 0,
    );
    t.is(emails.length, 1, 'one ticket e-mail');
    const link = await provider.openTicketLink(emails[0]!.url);
    const ticket = new URL(link.location ?? '').searchParams.get('__idp_ticket') ?? '';
    const signUp = await provider.signUpWithTicket(ticket, 'purchase-password-1');
    await provider.waitSettled();

    const me = await gym.world.as(signUp.created_user_id).get('/users/me');
    t.is(me.status, 200);
    t.deepEqual(
      me.body.memberships.map((m: Record<string, unknown>) => [m['organizationId'], m['role'], m['status'], m['validUntil']]),
      [[gym.orgId, 'member', 'active', paid.body.validUntil]],
    );
    t.like((await statusOf(gym, started)).body, { purchase: { status: 'completed' }, next: 'none' });
    const member = (await roster(gym)).find((row) => row['email'] === email);
    t.like(member, { status: 'active', validUntil: paid.body.validUntil });
  });

  test(`${backend}: an existing account buys by PayTR iFrame, the notice arrives twice, one membership is granted and accepted in the app`, async (t) => {
    const gym = await startGym(database, `App Gym ${backend}`);
    t.teardown(() => closeGym(gym));
    const planId = await createPlan(gym, { agreementTemplateIds: [], period: 'year' });
    const email = `member-${backend.toLowerCase()}@example.com`;
    const buyerId = await gym.world.seedUser(email);
    const started = await buy(gym, { planId, email, provider: 'paytr' });
    t.regex(started.payment.iframeUrl!, /\/odeme\/guvenli\//);
    t.deepEqual(
      [
        await paytrNotice(gym, started.payment.merchantReference, 'success'),
        await paytrNotice(gym, started.payment.merchantReference, 'success'),
      ],
      ['200 OK', '200 OK'],
    );
    t.like((await statusOf(gym, started)).body, { purchase: { status: 'paid' }, next: 'accept_invitation', agreements: [] });
    t.is((await roster(gym)).filter((row) => row['email'] === email).length, 1, 'the duplicate notice granted nothing more');

    const buyer = gym.world.as(buyerId);
    const invitations = await buyer.get('/users/me/invitations');
    t.is(invitations.body.items.length, 1);
    const accepted = await buyer.post('/invitations/accept', { invitationId: invitations.body.items[0].id });
    t.is(accepted.status, 200, JSON.stringify(accepted.body));
    const me = await buyer.get('/users/me');
    t.like(me.body.memberships, [{ organizationId: gym.orgId, status: 'active' }]);
    t.not(me.body.memberships[0].validUntil, null);
    t.like((await statusOf(gym, started)).body, { purchase: { status: 'completed' }, next: 'none' });
    const events = await gym.world.as(gym.ownerId).get(`/organizations/${gym.orgId}/events`);
    t.is(events.body.items.filter((e: { type: string }) => e.type === 'purchase.completed').length, 1);
  });

  test(`${backend}: a refused card fails the purchase and grants nothing; an abandoned payment is expired by the sweeper`, async (t) => {
    const gym = await startGym(database, `Refused Gym ${backend}`);
    t.teardown(() => closeGym(gym));
    const planId = await createPlan(gym);
    const refused = await buy(gym, { planId, email: `refused-${backend.toLowerCase()}@example.com`, provider: 'paytr' });
    t.is(await paytrNotice(gym, refused.payment.merchantReference, 'failed'), '200 OK');
    t.like((await statusOf(gym, refused)).body, { purchase: { status: 'failed' }, next: 'none', agreements: [] });
    t.false((await roster(gym)).some((row) => row['email'] === `refused-${backend.toLowerCase()}@example.com`));

    const abandoned = await buy(gym, { planId, email: `abandoned-${backend.toLowerCase()}@example.com`, provider: 'paytr' });
    gym.clock.advance(31 * MINUTE);
    const report = await gym.world.service.server.sweepPayments();
    t.true(report.expired >= 1, JSON.stringify(report));
    t.like((await statusOf(gym, abandoned)).body, { purchase: { status: 'expired' }, next: 'none' });
    t.false((await roster(gym)).some((row) => row['email'] === `abandoned-${backend.toLowerCase()}@example.com`));
  });

  test(`${backend}: a plan sold out at grant time grants nothing and is flagged for staff`, async (t) => {
    const gym = await startGym(database, `Sold Out Gym ${backend}`);
    t.teardown(() => closeGym(gym));
    const planId = await createPlan(gym, { seatLimit: 1, agreementTemplateIds: [] });
    const first = await buy(gym, { planId, email: `first-${backend.toLowerCase()}@example.com`, provider: 'paytr' });
    const second = await buy(gym, { planId, email: `second-${backend.toLowerCase()}@example.com`, provider: 'paytr' });
    t.is(await paytrNotice(gym, first.payment.merchantReference, 'success'), '200 OK');
    t.is(await paytrNotice(gym, second.payment.merchantReference, 'success'), '200 OK');
    t.like((await statusOf(gym, first)).body, { purchase: { status: 'paid' }, next: 'check_email' });
    t.like((await statusOf(gym, second)).body, { purchase: { status: 'paid' }, next: 'contact_organization', validUntil: null });
    t.false((await roster(gym)).some((row) => row['email'] === `second-${backend.toLowerCase()}@example.com`));
    const flagged = await gym.world.as(gym.ownerId).get(`/organizations/${gym.orgId}/purchases?flagged=true`);
    t.is(flagged.status, 200);
    t.deepEqual(
      flagged.body.items.map((p: Record<string, unknown>) => [p['id'], p['flags'], p['membershipId']]),
      [[second.purchase.id, ['sold_out'], null]],
    );
    const audit = await gym.world.as(gym.ownerId).get(`/organizations/${gym.orgId}/audit`);
    t.true(
      audit.body.items.some(
        (entry: Record<string, unknown>) => entry['action'] === 'purchase.flagged' && entry['targetId'] === second.purchase.id,
      ),
    );
  });
}
