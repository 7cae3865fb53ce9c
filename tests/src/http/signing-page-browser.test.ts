import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH, withChromium } from '../support/chromium.js';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import type { ApiAnswer } from '../support/service-api.js';

// The hosted signing page in a real browser (Debian's Chromium through playwright-core): read,
// type, draw, submit, see the receipt; the same with JavaScript off; a second open says already used.

let world: EmulatedService | undefined;
let browser: Browser | undefined;
let dataDir: string | undefined;

const ok = (what: string, answer: ApiAnswer): any => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** A fresh request's signing link, and how to read the member's agreements as staff. */
const requestLink = async (service: EmulatedService, tag: string) => {
  const owner = await service.seedUser(`owner-${tag}@browser.test`);
  const member = await service.seedUser(`member-${tag}@browser.test`);
  const { orgId, membershipIds } = await organizationWithMembers(service, owner, `Gym ${tag}`, [
    { idpId: member, email: `member-${tag}@browser.test`, role: 'member' },
  ]);
  const membershipId = membershipIds.get(`member-${tag}@browser.test`)!;
  const staff = service.as(owner);
  const template = ok(
    'template',
    await staff.post(`/organizations/${orgId}/agreement-templates`, {
      kind: 'waiver',
      texts: { en: { title: 'Liability waiver', body: '# Risks\nI train **at my own risk**.' } },
    }),
  );
  const requested = ok(
    'request',
    await staff.post(`/organizations/${orgId}/members/${membershipId}/agreements`, { templateId: template.id }),
  );
  return {
    url: requested.link.url as string,
    agreements: async () => ok('list', await staff.get(`/organizations/${orgId}/members/${membershipId}/agreements`)).items as any[],
  };
};

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'idv-signing-browser-'));
  world = await startEmulatedService({ DATA_DIR: dataDir });
});
test.after.always(async () => {
  await browser?.close();
  await world?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

const launched = async (): Promise<Browser> => {
  browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  return browser;
};

withChromium('with JavaScript: read the text, type the name, draw, submit, see the receipt; a second open says already used', async (t) => {
  const { url, agreements } = await requestLink(world!, 'js');
  const context = await (await launched()).newContext({ viewport: { width: 800, height: 1000 } });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });
  await page.goto(url);
  t.is(await page.locator('h2#doc-title').textContent(), 'Liability waiver');
  t.is(await page.locator('article strong').textContent(), 'at my own risk');
  await page.getByLabel('Your full name').fill('Şule Yılmaz');
  const pad = page.locator('canvas#pad');
  t.true(await pad.isVisible(), 'the canvas appears once the script runs (the CSP nonce lets it)');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 40, { steps: 8 });
  await page.mouse.up();
  await page.getByLabel('I have read the agreement above and I agree to it.').check();
  await page.getByRole('button', { name: 'Sign' }).click();
  const receipt = await page.locator('#receipt').textContent();
  t.regex(receipt ?? '', /^rcpt_[0-9a-f]{32}$/);
  const shot = await page.screenshot();
  const blank = await (await context.newPage()).screenshot();
  t.is(shot.subarray(1, 4).toString('latin1'), 'PNG');
  t.true(shot.length > blank.length * 2, 'the confirmation is not a blank page');
  t.deepEqual(violations, [], 'no CSP or script errors');
  const [signed] = await agreements();
  t.like(signed, { status: 'signed', receiptId: receipt });
  t.regex(signed.signatureImageSha256 ?? '', /^[0-9a-f]{64}$/, 'the drawn signature was posted as a PNG');

  await page.goto(url);
  t.true(((await page.locator('main').textContent()) ?? '').includes('already used'));
  await context.close();
});

withChromium('with JavaScript off: the plain form post signs and answers the receipt', async (t) => {
  const { url, agreements } = await requestLink(world!, 'nojs');
  const context = await (
    await launched()
  ).newContext({ javaScriptEnabled: false, locale: 'tr-TR', extraHTTPHeaders: { 'accept-language': 'tr' } });
  const page = await context.newPage();
  await page.goto(url);
  t.false(await page.locator('canvas#pad').isVisible(), 'no canvas without JavaScript');
  await page.getByLabel('Your full name').fill('Ali Veli');
  await page.getByLabel('I have read the agreement above and I agree to it.').check();
  await page.getByRole('button', { name: 'Sign' }).click();
  const receipt = await page.locator('#receipt').textContent();
  t.regex(receipt ?? '', /^rcpt_[0-9a-f]{32}$/);
  const [signed] = await agreements();
  t.like(signed, { status: 'signed', receiptId: receipt, signatureImageSha256: null });
  await context.close();
});
