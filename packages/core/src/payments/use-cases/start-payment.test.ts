import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { anOrganization, createPaymentsWorld, GatedUnitOfWork, outcome } from '../../testing/index.js';
import { transferOwnership } from '../../membership/use-cases/transfer-ownership.js';
import type { NationalId } from '../../identity/national-id.js';
import type { AmountMinor, PaymentCard, PaymentDescription, PaymentId } from '../payment.js';
import { deleteOrganization } from '../../organization/use-cases/delete-organization.js';
import { getPayment } from './get-payment.js';
import { startPayment } from './start-payment.js';

const PAYTR = {
  provider: 'paytr',
  amountMinor: 15000 as AmountMinor,
  currency: 'TRY',
  description: 'Monthly membership' as PaymentDescription,
  clientAddress: '203.0.113.7',
} as const;
const CARD: PaymentCard = { holderName: 'John Doe', number: '5528790000000008', expireMonth: '12', expireYear: '2030', cvc: '123' };

test('the owner starts a PayTR payment: awaiting the customer, a unique alphanumeric merchant reference, the iFrame token', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner } = await anOrganization(world, {});
  const started = await startPayment(world)(owner.auth, organization.id, PAYTR)();
  if (E.isLeft(started)) return t.fail(started.left._tag);
  t.like(started.right.payment, { status: 'awaiting_customer', provider: 'paytr', amountMinor: 15000, providerToken: 'paytr-token-1' });
  t.regex(started.right.payment.merchantReference, /^[A-Za-z0-9]{1,64}$/);
  t.like(started.right.clientAction, { kind: 'paytrIframe', token: 'paytr-token-1' });
  t.is(world.paymentGateway.initialized[0]?.ip, '203.0.113.7');
  const read = await getPayment(world)(owner.auth, organization.id, started.right.payment.id)();
  t.deepEqual(read, E.right(started.right.payment));
});

test('starting a payment needs billing.manage (owner only); reading it needs billing.read (staff, not members)', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', cole: 'coach', mia: 'member' });
  t.is(outcome(await startPayment(world)(members.ada.auth, organization.id, PAYTR)()), 'Forbidden');
  const started = await startPayment(world)(owner.auth, organization.id, PAYTR)();
  if (E.isLeft(started)) return t.fail();
  t.is(outcome(await getPayment(world)(members.cole.auth, organization.id, started.right.payment.id)()), 'Right');
  t.is(outcome(await getPayment(world)(members.mia.auth, organization.id, started.right.payment.id)()), 'Forbidden');
});

test('each payment gets its own merchant reference; an unknown payment id is PaymentNotFound', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner } = await anOrganization(world, {});
  const first = await startPayment(world)(owner.auth, organization.id, PAYTR)();
  const second = await startPayment(world)(owner.auth, organization.id, PAYTR)();
  if (E.isLeft(first) || E.isLeft(second)) return t.fail();
  t.not(first.right.payment.merchantReference, second.right.payment.merchantReference);
  t.is(
    outcome(await getPayment(world)(owner.auth, organization.id, '00000000-0000-4000-8000-0000000000ff' as PaymentId)()),
    'PaymentNotFound',
  );
});

test('iyzico needs a card and the payer national ID, which reach the gateway but are never stored', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner } = await anOrganization(world, {});
  const iyzico = { ...PAYTR, provider: 'iyzico' } as const;
  t.is(outcome(await startPayment(world)(owner.auth, organization.id, iyzico)()), 'CardRequired');
  t.is(outcome(await startPayment(world)(owner.auth, organization.id, { ...iyzico, card: CARD })()), 'NationalIdRequired');
  await world.nationalIds.put(owner.user.id, await world.nationalIdVault.seal(owner.user.id, '10000000146' as NationalId));
  const started = await startPayment(world)(owner.auth, organization.id, { ...iyzico, card: CARD })();
  if (E.isLeft(started)) return t.fail(started.left._tag);
  t.deepEqual(started.right.clientAction, { kind: 'threeDsHtml', html: '<form id="3ds-1"></form>' });
  t.like(world.paymentGateway.initialized.at(-1), { hadCard: true, hadIdentityNumber: true });
  t.false(JSON.stringify(started.right.payment).includes('5528790000000008'));
  t.false(JSON.stringify(started.right.payment).includes('10000000146'));
});

test('a refused initialize fails the payment and answers PaymentRefused; a disabled provider is refused first', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner } = await anOrganization(world, {});
  world.paymentGateway.refuseWith = 'paytr:invalid-amount';
  t.is(outcome(await startPayment(world)(owner.auth, organization.id, PAYTR)()), 'PaymentRefused');
  const onlyIyzico = { ...world, paymentSettings: { enabledProviders: ['iyzico'] as const } };
  t.is(outcome(await startPayment(onlyIyzico)(owner.auth, organization.id, PAYTR)()), 'PaymentProviderNotEnabled');
});

test('a provider that cannot be reached fails the payment (nothing can have been charged) and answers PaymentProviderUnavailable', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner } = await anOrganization(world, {});
  world.paymentGateway.unavailable = true;
  const started = await startPayment(world)(owner.auth, organization.id, PAYTR)();
  t.is(outcome(started), 'PaymentProviderUnavailable');
  if (E.isRight(started)) return t.fail();
  t.like(started.left, { retryAfterSeconds: 30 });
  const merchantReference = world.paymentGateway.initialized[0]!.merchantReference;
  const stored = await world.paymentTransactions.find({ by: 'merchantReference', provider: 'paytr', value: merchantReference });
  t.like(stored, { _tag: 'Some', value: { status: 'failed', failureCode: 'provider_unavailable' } });
  t.like(world.eventLog.events.at(-1), {
    type: 'payment.failed',
    organizationId: organization.id,
    data: { status: 'failed', failureCode: 'provider_unavailable', provider: 'paytr' },
  });
});

test('an owner who transfers ownership while starting a payment is refused: no payment is stored and the provider is not asked', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  const unitOfWork = new GatedUnitOfWork();
  const held = unitOfWork.holdNext();
  const pending = startPayment({ ...world, unitOfWork })(owner.auth, organization.id, PAYTR)();
  await held.reached;
  t.is(outcome(await transferOwnership(world)(owner.auth, organization.id, { membershipId: members.ada.membership.id })()), 'Right');
  held.release();
  t.is(outcome(await pending), 'Forbidden');
  t.deepEqual(world.paymentGateway.initialized, []);
  t.deepEqual((await world.paymentTransactions.list(organization.id, { limit: 10 })).items, []);
});

test('a payment started while its organization is deleted (after the authorization, before the insert) is OrganizationNotFound: nothing recorded, the provider never asked', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner } = await anOrganization(world, {});
  const lockLive = world.organizations.lockLive.bind(world.organizations);
  // Deterministic interleaving: the delete runs to its end at the moment the payment reaches the organization's lock.
  world.organizations.lockLive = async (id) => {
    world.organizations.lockLive = lockLive;
    t.is(outcome(await deleteOrganization(world)(owner.auth, organization.id)()), 'Right');
    return lockLive(id);
  };
  t.is(outcome(await startPayment(world)(owner.auth, organization.id, PAYTR)()), 'OrganizationNotFound');
  t.is((await world.paymentTransactions.list(organization.id, { limit: 50 })).items.length, 0);
  t.deepEqual(world.paymentGateway.initialized, []);
});
