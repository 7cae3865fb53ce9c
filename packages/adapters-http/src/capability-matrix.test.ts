import anyTest, { type TestFn } from 'ava';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import {
  can,
  commerceArea,
  agreementsArea,
  devicesArea,
  eventsArea,
  DEFAULT_PAYMENT_SWEEP,
  identityArea,
  inviteMember,
  setNationalId,
  type NationalId,
  organizationsArea,
  paymentsArea,
  type PaymentsArea,
  PLATFORM_ADMIN_CAPABILITIES,
  PLATFORM_ADMIN_ROLE,
  unauthenticated,
  type AmountMinor,
  type Capability,
  type PlanName,
  type Email,
  type Role,
} from '@idv/core';
import {
  anEndpoint,
  anOrganization,
  aPayment,
  aPerson,
  createTestWorld,
  FakePaymentGateway,
  fixtureUuid,
  InMemoryPaymentCallbackInbox,
  InMemoryPaymentSubscriptions,
  InMemoryPaymentTransactions,
  type TestWorld,
} from '@idv/core/testing';
import { apiRoutes, createHttpApp } from './app.js';
import type { HttpServices } from './http-services.js';

// Every organization route × every kind of caller, against the capability
// table of ARCHITECTURE §3. A route under /organizations/:orgId without a row here fails the build.

const test = anyTest as TestFn<{ world: TestWorld; url: string; server: Server; ids: Ids }>;

/** Who calls: a role held actively, a role in a non-active membership, or no membership at all. */
type Persona = 'owner' | 'admin' | 'coach' | 'member' | 'suspended' | 'cancelled' | 'outsider' | 'platformAdmin';
const PERSONAS: readonly Persona[] = ['owner', 'admin', 'coach', 'member', 'suspended', 'cancelled', 'outsider', 'platformAdmin'];

interface Ids {
  readonly orgId: string;
  readonly target: string;
  readonly suspendedTarget: string;
  readonly invitationId: string;
  readonly paymentId: string;
  readonly planId: string;
  readonly endpointId: string;
  readonly deliveryId: string;
  readonly templateId: string;
  readonly agreementId: string;
  readonly signedAgreementId: string;
}

interface RouteCase {
  /** The capability the route requires, or an own rule for routes the table does not cover alone. */
  readonly rule: Capability | ((persona: Persona) => Outcome);
  readonly request: (ids: Ids) => { readonly path: string; readonly body?: unknown };
}

type Outcome = 'allowed' | 403 | 404 | 409;

const ROUTES: Readonly<Record<string, RouteCase>> = {
  'GET /organizations/:orgId': { rule: 'organization.read', request: (ids) => ({ path: `/organizations/${ids.orgId}` }) },
  'PATCH /organizations/:orgId': {
    rule: 'organization.update',
    request: (ids) => ({ path: `/organizations/${ids.orgId}`, body: { name: 'Steel Gym' } }),
  },
  'DELETE /organizations/:orgId': { rule: 'organization.delete', request: (ids) => ({ path: `/organizations/${ids.orgId}` }) },
  'GET /organizations/:orgId/members': { rule: 'organization.read', request: (ids) => ({ path: `/organizations/${ids.orgId}/members` }) },
  'PATCH /organizations/:orgId/members/:membershipId': {
    rule: 'members.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}`, body: { role: 'coach' } }),
  },
  'DELETE /organizations/:orgId/members/:membershipId': {
    rule: 'members.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}` }),
  },
  'POST /organizations/:orgId/members/:membershipId/suspend': {
    rule: 'members.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}/suspend` }),
  },
  'POST /organizations/:orgId/members/:membershipId/reinstate': {
    rule: 'members.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.suspendedTarget}/reinstate` }),
  },
  'POST /organizations/:orgId/leave': {
    // Any active member but the owner (who must transfer first); a Platform Admin is no member.
    rule: (persona) =>
      persona === 'owner'
        ? 409
        : persona === 'suspended' || persona === 'cancelled'
          ? 403
          : persona === 'outsider' || persona === 'platformAdmin'
            ? 404
            : 'allowed',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/leave` }),
  },
  'POST /organizations/:orgId/ownership-transfer': {
    rule: 'ownership.transfer',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/ownership-transfer`, body: { membershipId: ids.target } }),
  },
  'POST /organizations/:orgId/invitations': {
    rule: 'members.invite',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/invitations`, body: { email: 'newcomer@example.com', role: 'member' } }),
  },
  'GET /organizations/:orgId/invitations': {
    rule: 'members.invite',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/invitations` }),
  },
  'POST /organizations/:orgId/invitations/:invitationId/resend': {
    rule: 'members.invite',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/invitations/${ids.invitationId}/resend` }),
  },
  'POST /organizations/:orgId/invitations/:invitationId/revoke': {
    rule: 'members.invite',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/invitations/${ids.invitationId}/revoke` }),
  },
  'POST /organizations/:orgId/payments': {
    rule: 'billing.manage',
    request: (ids) => ({
      path: `/organizations/${ids.orgId}/payments`,
      body: { provider: 'paytr', amountMinor: 15000, currency: 'TRY', description: 'Monthly membership' },
    }),
  },
  'GET /organizations/:orgId/payments': { rule: 'billing.read', request: (ids) => ({ path: `/organizations/${ids.orgId}/payments` }) },
  'GET /organizations/:orgId/payments/:paymentId': {
    rule: 'billing.read',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/payments/${ids.paymentId}` }),
  },
  'POST /organizations/:orgId/payment-subscriptions': {
    rule: 'billing.manage',
    request: (ids) => ({
      path: `/organizations/${ids.orgId}/payment-subscriptions`,
      body: {
        provider: 'iyzico',
        subscriptionReferenceCode: 'ea0362e2-a1c4-4fda-89f0-3758a5c20a28',
        amountMinor: 9900,
        currency: 'TRY',
        description: 'Monthly membership',
      },
    }),
  },
  'GET /organizations/:orgId/members/:membershipId/compliance': {
    rule: 'compliance.read',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}/compliance` }),
  },
  'POST /organizations/:orgId/plans': {
    rule: 'billing.manage',
    request: (ids) => ({
      path: `/organizations/${ids.orgId}/plans`,
      body: { name: 'Monthly', priceMinor: 150000, currency: 'TRY', period: 'month', grantsRole: 'member' },
    }),
  },
  'GET /organizations/:orgId/plans': { rule: 'billing.read', request: (ids) => ({ path: `/organizations/${ids.orgId}/plans` }) },
  'GET /organizations/:orgId/purchases': {
    rule: 'billing.read',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/purchases?flagged=true` }),
  },
  'PATCH /organizations/:orgId/plans/:planId': {
    rule: 'billing.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/plans/${ids.planId}`, body: { onSale: true } }),
  },
  'POST /organizations/:orgId/agreement-templates': {
    rule: 'agreements.manage',
    request: (ids) => ({
      path: `/organizations/${ids.orgId}/agreement-templates`,
      body: { kind: 'waiver', texts: { en: { title: 'Waiver', body: 'At my own risk.' } } },
    }),
  },
  'GET /organizations/:orgId/agreement-templates': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/agreement-templates` }),
  },
  'GET /organizations/:orgId/agreement-templates/:templateId': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/agreement-templates/${ids.templateId}` }),
  },
  'PATCH /organizations/:orgId/agreement-templates/:templateId': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/agreement-templates/${ids.templateId}`, body: { requiresNationalId: true } }),
  },
  'POST /organizations/:orgId/members/:membershipId/agreements': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}/agreements`, body: { templateId: ids.templateId } }),
  },
  'GET /organizations/:orgId/agreements': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/agreements` }),
  },
  'GET /organizations/:orgId/members/:membershipId/agreements': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}/agreements` }),
  },
  'POST /organizations/:orgId/members/:membershipId/agreements/:agreementId/link': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}/agreements/${ids.agreementId}/link` }),
  },
  'POST /organizations/:orgId/members/:membershipId/agreements/:agreementId/revoke': {
    rule: 'agreements.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}/agreements/${ids.agreementId}/revoke` }),
  },
  'GET /organizations/:orgId/members/:membershipId/agreements/:agreementId/pdf': {
    rule: 'compliance.read',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/members/${ids.target}/agreements/${ids.signedAgreementId}/pdf` }),
  },
  'GET /organizations/:orgId/audit': { rule: 'audit.read', request: (ids) => ({ path: `/organizations/${ids.orgId}/audit` }) },
  'POST /organizations/:orgId/webhook-endpoints': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints`, body: { url: 'https://crm.example.com/hooks' } }),
  },
  'GET /organizations/:orgId/webhook-endpoints': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints` }),
  },
  'GET /organizations/:orgId/webhook-endpoints/:endpointId': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints/${ids.endpointId}` }),
  },
  'PATCH /organizations/:orgId/webhook-endpoints/:endpointId': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints/${ids.endpointId}`, body: { description: 'CRM' } }),
  },
  'DELETE /organizations/:orgId/webhook-endpoints/:endpointId': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints/${ids.endpointId}` }),
  },
  'POST /organizations/:orgId/webhook-endpoints/:endpointId/rotate-secret': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints/${ids.endpointId}/rotate-secret` }),
  },
  'GET /organizations/:orgId/webhook-endpoints/:endpointId/deliveries': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints/${ids.endpointId}/deliveries` }),
  },
  'POST /organizations/:orgId/webhook-endpoints/:endpointId/deliveries/:deliveryId/retry': {
    rule: 'integrations.manage',
    request: (ids) => ({ path: `/organizations/${ids.orgId}/webhook-endpoints/${ids.endpointId}/deliveries/${ids.deliveryId}/retry` }),
  },
  'POST /organizations/:orgId/webhook-endpoints/:endpointId/recover': {
    rule: 'integrations.manage',
    request: (ids) => ({
      path: `/organizations/${ids.orgId}/webhook-endpoints/${ids.endpointId}/recover`,
      body: { since: '2026-01-01T00:00:00.000Z' },
    }),
  },
  'GET /organizations/:orgId/events': { rule: 'integrations.manage', request: (ids) => ({ path: `/organizations/${ids.orgId}/events` }) },
};

const ROLE_OF: Partial<Record<Persona, Role>> = { owner: 'owner', admin: 'admin', coach: 'coach', member: 'member' };

const expected = (rule: RouteCase['rule'], persona: Persona): Outcome => {
  if (typeof rule === 'function') return rule(persona);
  const role = ROLE_OF[persona];
  if (role !== undefined) return can(role, rule) ? 'allowed' : 403;
  if (persona === 'suspended' || persona === 'cancelled') return 403;
  // A Platform Admin may find any organization (organization.read), so what it lacks is 403, not 404.
  if (persona === 'platformAdmin') return PLATFORM_ADMIN_CAPABILITIES.includes(rule) ? 'allowed' : 403;
  return 404;
};

const servicesFor = (world: TestWorld): HttpServices => ({
  ...identityArea({ ...world, verifier: { verify: async () => E.left(unauthenticated('token-invalid-signature')) }, testAuthBypass: true }),
  ...organizationsArea(world),
  ...paymentsFor(world).area,
  ...devicesArea(world),
  ...commerceArea(world),
  ...eventsArea(world),
  ...agreementsArea(world),
  checkReadiness: async () => undefined,
});

const PAYMENTS = new WeakMap<TestWorld, { readonly area: PaymentsArea; readonly transactions: InMemoryPaymentTransactions }>();

/** The payments area over the world's organizations and memberships (one per world). */
const paymentsFor = (world: TestWorld) => {
  const existing = PAYMENTS.get(world);
  if (existing !== undefined) return existing;
  const transactions = new InMemoryPaymentTransactions();
  // The subscription the link row names exists at the (fake) provider at that price, so only the capability decides.
  const gateway = new FakePaymentGateway();
  gateway.putSubscription('ea0362e2-a1c4-4fda-89f0-3758a5c20a28', 9900);
  const area = paymentsArea({
    ...world,
    paymentTransactions: transactions,
    paymentInbox: new InMemoryPaymentCallbackInbox(),
    paymentSubscriptions: new InMemoryPaymentSubscriptions(),
    paymentGateway: gateway,
    callbackSchemes: {},
    paymentSettings: { enabledProviders: ['iyzico', 'paytr'] },
    paymentSweep: DEFAULT_PAYMENT_SWEEP,
  });
  PAYMENTS.set(world, { area, transactions });
  return { area, transactions };
};

const PAYMENTS_OPTION = { resultUrl: 'http://localhost:3000/payments/result' };

const seed = async (world: TestWorld): Promise<Ids> => {
  const { organization, owner, members } = await anOrganization(world, {
    admin: 'admin',
    coach: 'coach',
    member: 'member',
    suspended: { role: 'member', status: 'suspended' },
    cancelled: { role: 'member', status: 'cancelled' },
    target: 'member',
    suspendedTarget: { role: 'member', status: 'suspended' },
  });
  await aPerson(world, 'outsider');
  await aPerson(world, 'platformAdmin');
  await setNationalId(world)(members.target.auth, '12345678901' as NationalId)();
  const invited = await inviteMember(world)(owner.auth, organization.id, { email: 'pending@example.com' as Email, role: 'member' })();
  if (E.isLeft(invited)) throw new Error(`fixture: ${invited.left._tag}`);
  const agreements = agreementsArea(world);
  const template = await agreements.createAgreementTemplate(owner.auth, organization.id, {
    kind: 'waiver',
    texts: { en: { title: 'Waiver', body: 'At my own risk.' } },
  })();
  if (E.isLeft(template)) throw new Error(`fixture: ${template.left._tag}`);
  const request = () => agreements.requestAgreement(owner.auth, organization.id, members.target.membership.id, template.right.id)();
  const pending = await request();
  const toSign = await request();
  if (E.isLeft(pending) || E.isLeft(toSign)) throw new Error('fixture: agreement request refused');
  const signed = await agreements.signAgreement(toSign.right.link.url.split('/').at(-1)!, {
    typedName: 'Target',
    consent: true,
    signatureImage: null,
    nationalId: null,
    language: null,
    clientAddress: '127.0.0.1',
    userAgent: 'matrix',
  })();
  if (E.isLeft(signed)) throw new Error(`fixture: ${signed.left._tag}`);
  const payment = aPayment(fixtureUuid(0xc0, 1), organization.id);
  await paymentsFor(world).transactions.create(payment);
  const plan = await commerceArea(world).createPlan(owner.auth, organization.id, {
    name: 'Monthly' as PlanName,
    priceMinor: 150000 as AmountMinor,
    currency: 'TRY',
    period: 'month',
    grantsRole: 'member',
  })();
  if (E.isLeft(plan)) throw new Error(`fixture: ${plan.left._tag}`);
  const { endpoint } = await anEndpoint(world, organization.id);
  const [event] = world.eventLog.events;
  if (event === undefined) throw new Error('fixture: no event recorded');
  const now = world.clock.now();
  const delivery = await world.eventDeliveries.ensure({
    id: fixtureUuid(0xc1, 1),
    eventId: event.id,
    endpointId: endpoint.id,
    status: 'dead',
    attempts: 8,
    createdAt: now,
    updatedAt: now,
  });
  return {
    planId: plan.right.id,
    orgId: organization.id,
    target: members.target.membership.id,
    suspendedTarget: members.suspendedTarget.membership.id,
    invitationId: invited.right.invitation.id,
    paymentId: payment.id,
    endpointId: endpoint.id,
    deliveryId: delivery.id,
    templateId: template.right.id,
    agreementId: pending.right.agreement.id,
    signedAgreementId: signed.right.agreementId,
  };
};

test.beforeEach(async (t) => {
  const world = createTestWorld();
  const ids = await seed(world);
  const app = createHttpApp({
    services: servicesFor(world),
    logger: world.logger,
    errorTracker: world.errorTracker,
    payments: PAYMENTS_OPTION,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.context = { world, ids, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
test.afterEach.always((t) => {
  t.context.server?.close();
});

test('every route under /organizations/:orgId has a row in the capability matrix', (t) => {
  const world = createTestWorld();
  const routes = apiRoutes({
    services: servicesFor(world),
    logger: world.logger,
    errorTracker: world.errorTracker,
    payments: PAYMENTS_OPTION,
  })
    .filter((route) => route.path.startsWith('/organizations/:orgId'))
    .map((route) => `${route.method.toUpperCase()} ${route.path}`);
  t.deepEqual([...routes].sort(), Object.keys(ROUTES).sort());
});

const call = async (url: string, persona: Persona, method: string, request: { path: string; body?: unknown }) => {
  const headers: Record<string, string> = { 'x-test-user-id': `user_${persona}` };
  if (persona === 'platformAdmin') headers['x-test-role'] = PLATFORM_ADMIN_ROLE;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${request.path}`, {
    method,
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const json = response.status !== 204 && (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, body: json ? ((await response.json()) as { code?: string }) : null };
};

for (const [key, route] of Object.entries(ROUTES)) {
  const method = key.split(' ')[0]!;
  for (const persona of PERSONAS) {
    const outcome = expected(route.rule, persona);
    test(`${key} as ${persona}: ${outcome === 'allowed' ? 'allowed' : `refused with ${outcome}`}`, async (t) => {
      const { status, body } = await call(t.context.url, persona, method, route.request(t.context.ids));
      if (outcome === 'allowed') t.true(status >= 200 && status < 300, `answered ${status} ${JSON.stringify(body)}`);
      else t.is(status, outcome, JSON.stringify(body));
      if (typeof route.rule === 'string' && outcome === 404) t.is(body?.code, 'OrganizationNotFound');
      if (typeof route.rule === 'string' && outcome === 403) t.is(body?.code, 'Forbidden');
    });
  }
}

test('members never see another member’s data: a member’s roster holds only their own membership', async (t) => {
  const { status, body } = await call(t.context.url, 'member', 'GET', { path: `/organizations/${t.context.ids.orgId}/members` });
  t.is(status, 200);
  const items = (body as unknown as { items: { userId: string }[] }).items;
  t.is(items.length, 1);
  const member = t.context.world.users.all().find((user) => user.idpId === 'user_member')!;
  t.is(items[0]!.userId, member.id);
});

test('a coach sees the whole roster (members.list), cancelled members only on request', async (t) => {
  const roster = await call(t.context.url, 'coach', 'GET', { path: `/organizations/${t.context.ids.orgId}/members` });
  const withCancelled = await call(t.context.url, 'coach', 'GET', {
    path: `/organizations/${t.context.ids.orgId}/members?include=cancelled`,
  });
  const count = (reply: { body: unknown }) => (reply.body as { items: unknown[] }).items.length;
  t.is(count(withCancelled), count(roster) + 1);
});
