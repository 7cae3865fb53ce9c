import { createHash } from 'node:crypto';
import type { DemoAnswer, DemoDownload } from './demo-http.js';
import { expectOk } from './demo-http.js';

/** Calls the service as the organization's owner: JSON, or a file's bytes (a fresh session token each time). */
export interface OwnerCalls {
  readonly json: (method: string, path: string, body?: unknown) => Promise<DemoAnswer>;
  readonly download: (path: string) => Promise<DemoDownload>;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The compliance-PDF lines of `npm run demo`: the owner downloads a signed agreement's PDF and shows
 * its SHA-256, the service verifies that hash as one it produced, and a copy with one byte changed
 * verifies as not produced (a PDF cannot hold its own hash; the service keeps each one it renders).
 */
export const compliancePdfStory = async (
  say: (line?: string) => void,
  owner: OwnerCalls,
  orgId: string,
  agreementId: string,
): Promise<void> => {
  const path = `/organizations/${orgId}/agreements/${agreementId}`;
  const pdf = await owner.download(`${path}/pdf`);
  if (pdf.status !== 200) throw new Error(`downloading the compliance PDF answered ${pdf.status}`);
  const hash = sha256(pdf.bytes);
  say(`   Its compliance PDF (GET ${path}/pdf, compliance.read, audited): ${pdf.bytes.length} bytes, SHA-256 ${hash}.`);
  const verdict = expectOk('verifying the PDF', await owner.json('GET', `${path}/verify?sha256=${hash}`));
  say(
    `   GET …/verify?sha256=<that hash>: ${verdict.produced === true ? `produced by the service, rendered at ${verdict.renderedAt}` : 'not produced'}.`,
  );
  const altered = Uint8Array.from(pdf.bytes);
  altered[altered.length - 1] ^= 0x01;
  const alteredHash = sha256(altered);
  const forged = expectOk('verifying the altered copy', await owner.json('GET', `${path}/verify?sha256=${alteredHash}`));
  say(`   A copy with its last byte changed (SHA-256 ${alteredHash}): ${forged.produced === true ? 'produced' : 'not produced'}.`);
};
