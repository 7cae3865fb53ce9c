import { callJson, expectOk, type DemoAnswer } from './demo-http.js';

/** Calls the service as one signed-in user (a fresh session token each time). */
type SessionApi = (method: string, path: string, body?: unknown) => Promise<DemoAnswer>;

/** What the purchase steps reach: the service, the provider emulator, the owner, and any session's API. */
export interface PurchaseStoryTarget {
  readonly serviceUrl: string;
  readonly emulatorUrl: string;
  readonly owner: SessionApi;
  readonly asSession: (sessionId: string) => SessionApi;
}

/**
 * The public purchase steps of `npm run demo` (steps `first`…`first + 2`): the owner sells a monthly
 * plan with a waiver; a visitor with no account buys it on the public page and pays in PayTR's
 * iFrame; the grant (membership, invitation, signature request) follows from the verified payment;
 * the visitor signs the waiver with the link the status answers once, signs up with the provider's
 * ticket e-mail and is an active member until a month later.
 */
export const purchaseStory = async (
  say: (line?: string) => void,
  { serviceUrl, emulatorUrl, owner, asSession }: PurchaseStoryTarget,
  orgId: string,
  first: number,
): Promise<void> => {
  const organization = expectOk('reading the organization', await owner('GET', `/organizations/${orgId}`)).organization;
  say(`${first}. The owner sells a monthly plan with a waiver on the public page /public/organizations/${organization.slug}.`);
  const template = expectOk(
    'creating the waiver',
    await owner('POST', `/organizations/${orgId}/agreement-templates`, {
      kind: 'waiver',
      texts: { en: { title: 'Membership waiver', body: 'I train **at my own risk**.' } },
    }),
  );
  const plan = expectOk(
    'creating the plan',
    await owner('POST', `/organizations/${orgId}/plans`, {
      name: 'Monthly',
      priceMinor: 150000,
      currency: 'TRY',
      period: 'month',
      grantsRole: 'member',
      onSale: true,
      agreementTemplateIds: [template.id],
    }),
  ).plan;
  say(`   Plan ${plan.id}: ${plan.name}, ${(plan.priceMinor / 100).toFixed(2)} ${plan.currency} a ${plan.period}.`);

  const email = `buyer-${Date.now().toString(36)}@example.com`;
  say(`${first + 1}. A visitor (${email}, no account) buys it and pays in PayTR's iFrame.`);
  const started = expectOk(
    'starting the purchase',
    await callJson(`${serviceUrl}/public/organizations/${organization.slug}/purchases`, {
      method: 'POST',
      headers: { 'idempotency-key': `demo-${email}` },
      body: { planId: plan.id, email, name: 'Deniz Demo', locale: 'tr-TR', provider: 'paytr' },
    }),
  );
  const iframe = new URL(started.payment.iframeUrl as string);
  expectOk(
    'paying in the iFrame',
    await callJson(`${iframe.origin}/_emulator/paytr/payments/${iframe.pathname.split('/').pop()}`, {
      method: 'POST',
      body: { outcome: 'success' },
    }),
  );
  const status = () =>
    callJson(`${serviceUrl}/public/purchases/${started.purchase.id}?token=${encodeURIComponent(started.statusToken as string)}`);
  const paid = expectOk('reading the purchase', await status());
  say(`   Purchase ${paid.purchase.status}, valid until ${paid.validUntil}; next: ${paid.next}.`);
  const waiver = paid.agreements[0];
  if (waiver?.link === undefined || waiver.link === null) throw new Error('the paid purchase answered no signing link');
  const signed = expectOk(
    'signing the waiver',
    await callJson(`${serviceUrl}/forms/${(waiver.link.url as string).split('/').pop()}/sign`, {
      method: 'POST',
      body: { typedName: 'Deniz Demo', consent: true },
    }),
  );
  say(
    `   The visitor signs "${waiver.title}" with the link answered once: receipt ${signed.receiptId}; next: ${expectOk('reading the purchase', await status()).next}.`,
  );

  say(`${first + 2}. The provider e-mailed the sign-up ticket (a durable job of the grant); the visitor signs up and is a member.`);
  let mail: { url: string } | undefined;
  for (let attempt = 0; attempt < 100 && mail === undefined; attempt++) {
    const mails = expectOk('reading the e-mails', await callJson(`${emulatorUrl}/_emulator/emails?to=${encodeURIComponent(email)}`));
    mail = (mails as Array<{ url: string }>)[0];
    if (mail === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (mail === undefined) throw new Error(`no ticket e-mail was sent to ${email}`);
  const link = await fetch(mail.url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  await link.body?.cancel();
  const ticket = new URL(link.headers.get('location') ?? 'http://invalid/').searchParams.get('__idp_ticket');
  if (ticket === null) throw new Error('the ticket link did not redirect with a ticket');
  const signUp = expectOk(
    'signing up with the ticket',
    await callJson(`${emulatorUrl}/v1/client/sign_ups`, {
      method: 'POST',
      body: { strategy: 'ticket', ticket, password: `demo-${Date.now()}-password` },
    }),
  );
  const settled = await callJson(`${emulatorUrl}/_emulator/deliveries/settled?timeoutMs=15000`);
  if (settled.body?.settled !== true) throw new Error('webhook deliveries did not settle');
  const me = expectOk('GET /users/me as the buyer', await asSession(signUp.created_session_id)('GET', '/users/me'));
  const membership = (me.memberships as Array<{ organizationId: string; role: string; status: string; validUntil: string | null }>).find(
    (m) => m.organizationId === orgId,
  );
  if (membership?.status !== 'active') throw new Error('the buyer is not an active member');
  say(`   GET /users/me as the buyer: ${membership.role}, ${membership.status}, valid until ${membership.validUntil}.`);
  say(`   The purchase is now ${expectOk('reading the purchase', await status()).purchase.status}.`);
};
