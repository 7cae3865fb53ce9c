import { callJson, expectOk, type DemoAnswer } from './demo-http.js';

/** Calls the service as the organization's owner (a fresh session token each time). */
type OwnerApi = (method: string, path: string, body?: unknown) => Promise<DemoAnswer>;

/** A form as a page holds it: where it posts and its hidden fields. */
const formOf = (html: string): { readonly action: string; readonly fields: Record<string, string> } => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('the page holds no form');
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return {
    action: unescape(action),
    fields: Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]),
    ),
  };
};

const postForm = (url: string, fields: Record<string, string>, accept = 'text/html') =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(30_000),
  });

const money = (payment: { amountMinor: number; paidAmountMinor: number | null; currency: string }) =>
  `${((payment.paidAmountMinor ?? payment.amountMinor) / 100).toFixed(2)} ${payment.currency}`;

/**
 * The payment part of `npm run demo` (steps `first`…`first + 2`): a PayTR iFrame payment and an
 * iyzico 3DS card payment, each settled by the payments emulator's pages the way a payer's browser
 * would, then read back from the service.
 */
export const paymentStory = async (say: (line?: string) => void, owner: OwnerApi, orgId: string, first: number): Promise<void> => {
  say(`${first}. Start a PayTR payment of 150.00 TRY (POST /organizations/${orgId}/payments).`);
  const paytr = expectOk(
    'starting the PayTR payment',
    await owner('POST', `/organizations/${orgId}/payments`, {
      provider: 'paytr',
      amountMinor: 15000,
      currency: 'TRY',
      description: 'Monthly membership',
    }),
  );
  say(`   Payment ${paytr.payment.status}, merchant reference ${paytr.merchantReference}; the payer opens ${paytr.iframeUrl}`);
  const iframe = new URL(paytr.iframeUrl as string);
  const paid = expectOk(
    'paying in the iFrame',
    await callJson(`${iframe.origin}/_emulator/paytr/payments/${iframe.pathname.split('/').pop()}`, {
      method: 'POST',
      body: { outcome: 'success' },
    }),
  );
  say(
    `   The payer pays; PayTR notifies the service, which answers ${String(paid.firstDelivery?.status)} ${JSON.stringify(paid.firstDelivery?.reply)}.`,
  );
  const afterPaytr = expectOk(
    'reading the PayTR payment',
    await owner('GET', `/organizations/${orgId}/payments/${paytr.payment.id}`),
  ).payment;
  say(`   GET …/payments/${afterPaytr.id}: ${afterPaytr.status}, ${money(afterPaytr)}.`);

  say(`${first + 1}. Pay 99.90 TRY by card through iyzico 3DS; iyzico needs the payer's national ID (PUT /users/me/national-id).`);
  expectOk('setting the national ID', await owner('PUT', '/users/me/national-id', { nationalId: '10000000146' }));
  const card = { holderName: 'Ada Demo', number: '5528790000000008', expireMonth: '12', expireYear: '2030', cvc: '123' };
  const iyzico = expectOk(
    'starting the iyzico payment',
    await owner('POST', `/organizations/${orgId}/payments`, {
      provider: 'iyzico',
      amountMinor: 9990,
      currency: 'TRY',
      description: 'Ten-class pack',
      card,
    }),
  );
  say(
    `   Payment ${iyzico.payment.status}; the client shows iyzico's 3DS page (${(iyzico.threeDsHtmlContent as string).length} characters of HTML).`,
  );
  const acs = formOf(iyzico.threeDsHtmlContent as string);
  const back = formOf(await (await postForm(acs.action, { outcome: 'success' })).text());
  say(`   The payer completes 3DS; the browser posts the signed result (mdStatus ${back.fields['mdStatus']}) to ${back.action}.`);
  const callback = await postForm(back.action, back.fields);
  say(`   The service takes the money (3DS auth) and answers ${callback.status}, to ${callback.headers.get('location')}`);
  const afterIyzico = expectOk(
    'reading the iyzico payment',
    await owner('GET', `/organizations/${orgId}/payments/${iyzico.payment.id}`),
  ).payment;
  say(`   GET …/payments/${afterIyzico.id}: ${afterIyzico.status}, ${money(afterIyzico)}.`);
  if (afterPaytr.status !== 'succeeded' || afterIyzico.status !== 'succeeded') throw new Error('a payment did not succeed');

  say(`${first + 2}. The organization's payments (GET /organizations/${orgId}/payments), newest first:`);
  const list = expectOk('listing payments', await owner('GET', `/organizations/${orgId}/payments`));
  for (const p of list.items as Array<{
    provider: string;
    description: string;
    status: string;
    amountMinor: number;
    paidAmountMinor: number | null;
    currency: string;
  }>) {
    say(`   ${p.provider.padEnd(6)} ${p.description.padEnd(20)} ${p.status.padEnd(9)} ${money(p)}`);
  }
};
