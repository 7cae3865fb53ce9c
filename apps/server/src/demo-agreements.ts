import { callJson, expectOk, type DemoAnswer } from './demo-http.js';

/** Calls the service as the organization's owner (a fresh session token each time). */
type OwnerApi = (method: string, path: string, body?: unknown) => Promise<DemoAnswer>;

/**
 * The agreements steps of `npm run demo`: a waiver template, a signature request for a member (its
 * link printed once), the member's signature through the public endpoint, and the staff list; answers
 * the agreement's id.
 */
export const agreementStory = async (
  say: (line?: string) => void,
  owner: OwnerApi,
  orgId: string,
  membershipId: string,
  step: number,
): Promise<{ agreementId: string }> => {
  say(`${step}. The owner writes a liability waiver (POST /organizations/${orgId}/agreement-templates) and asks the member to sign it.`);
  const template = expectOk(
    'creating the template',
    await owner('POST', `/organizations/${orgId}/agreement-templates`, {
      kind: 'waiver',
      texts: {
        en: { title: 'Liability waiver', body: '# Risks\nI train **at my own risk**.' },
        tr: { title: 'Feragatname', body: '# Riskler\n**Kendi riskimle** çalışırım.' },
      },
    }),
  );
  const requested = expectOk(
    'requesting the signature',
    await owner('POST', `/organizations/${orgId}/members/${membershipId}/agreements`, { templateId: template.id }),
  );
  const url = requested.link.url as string;
  say(`   Signing link (answered once; open it in a browser for the hosted page): ${url}`);
  const token = url.slice(url.lastIndexOf('/') + 1);
  const base = url.slice(0, url.indexOf('/sign/'));

  say(`${step + 1}. The member signs through the public endpoint (POST /forms/<token>/sign).`);
  const signed = expectOk(
    'signing',
    await callJson(`${base}/forms/${token}/sign`, { method: 'POST', body: { typedName: 'Demo Üye', consent: true } }),
  );
  say(`   Receipt ${signed.receiptId}, signed at ${signed.signedAt}.`);

  say(`${step + 2}. The owner lists the member's agreements (GET /organizations/${orgId}/members/${membershipId}/agreements).`);
  const listed = expectOk('listing the agreements', await owner('GET', `/organizations/${orgId}/members/${membershipId}/agreements`));
  for (const item of listed.items as Array<{ title: string; version: number; status: string; receiptId: string | null }>)
    say(`   ${item.title} v${item.version}: ${item.status}${item.receiptId === null ? '' : `, receipt ${item.receiptId}`}.`);
  return { agreementId: requested.agreement.id as string };
};
