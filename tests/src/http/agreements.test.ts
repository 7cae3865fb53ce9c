import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceDatabases, type ServiceDatabase } from '../persistence/support/backends.js';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { pdfPages } from '../support/pdf-text.js';
import { assertError, type ApiAnswer } from '../support/service-api.js';

// Agreements over real sockets: staff ask, the member signs through the public link (once), staff
// download the PDF with the evidence and verify a copy by its SHA-256; the national ID shows only
// there, and not for a cancelled member nor after deletion. On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
const databases = serviceDatabases('the PostgreSQL agreements cases did not run: TEST_DATABASE_URL is not set');

const NATIONAL_ID = '10000000078';
const DAY = 24 * 60 * 60 * 1000;
// The smallest PNG: the signature, its magic and a 1×1 image.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// One service per database, started by the first case that asks (after the scratch database exists).
const worlds = new Map<string, Promise<EmulatedService>>();
const dataDirs: string[] = [];
const worldOf = (database: ServiceDatabase): Promise<EmulatedService> => {
  let started = worlds.get(database.label);
  if (started === undefined) {
    const dataDir = mkdtempSync(join(tmpdir(), 'idv-agreements-'));
    dataDirs.push(dataDir);
    started = startEmulatedService({ ...database.env(), DATA_DIR: dataDir });
    worlds.set(database.label, started);
  }
  return started;
};
test.after.always(async () => {
  for (const world of worlds.values()) await (await world).close();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

const ok = (what: string, answer: ApiAnswer): any => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const publicCall = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as any, response };
};

for (const database of databases) {
  test.serial(
    `${database.label}: ask, open, sign once, list, download and verify the PDF; a deleted signer’s PDF has no national ID and says so`,
    async (t) => {
      const world = await worldOf(database);
      const owner = await world.seedUser('owner@agreements.test');
      const coach = await world.seedUser('coach@agreements.test');
      const member = await world.seedUser('sule@agreements.test');
      const { orgId, membershipIds } = await organizationWithMembers(world, owner, 'Demir Spor', [
        { idpId: coach, email: 'coach@agreements.test', role: 'coach' },
        { idpId: member, email: 'sule@agreements.test', role: 'member' },
      ]);
      const membershipId = membershipIds.get('sule@agreements.test')!;
      const staff = world.as(owner);

      const template = ok(
        'creating a template',
        await staff.post(`/organizations/${orgId}/agreement-templates`, {
          kind: 'waiver',
          requiresNationalId: true,
          texts: {
            en: { title: 'Liability waiver', body: 'I train at my own risk.' },
            tr: { title: 'Feragatname', body: 'Kendi riskimle çalışırım.' },
          },
        }),
      );
      t.is(template.version, 1);
      assertError(
        t,
        await world
          .as(coach)
          .post(`/organizations/${orgId}/agreement-templates`, { kind: 'other', texts: { en: { title: 'x', body: 'y' } } }),
        403,
        'Forbidden',
      );
      assertError(
        t,
        await staff.post(`/organizations/${orgId}/agreement-templates`, { kind: 'waiver', texts: {} }),
        400,
        'ValidationFailed',
      );

      const requested = ok(
        'requesting',
        await staff.post(`/organizations/${orgId}/members/${membershipId}/agreements`, { templateId: template.id }),
      );
      t.regex(requested.link.url, /\/sign\/[A-Za-z0-9_-]{43}$/);
      t.like(requested.agreement, { title: 'Liability waiver', version: 1, status: 'pending', templateVersionId: template.versionId });
      t.is(
        Date.parse(requested.link.expiresAt) - Date.parse(requested.agreement.requestedAt),
        14 * DAY,
        'AGREEMENT_LINK_TTL_DAYS defaults to 14',
      );
      const token = (requested.link.url as string).split('/').at(-1)!;
      const base = world.service.url;

      const mine = ok('listing mine', await world.as(member).get('/users/me/agreements'));
      t.deepEqual(
        mine.items.map((item: any) => [item.id, item.status]),
        [[requested.agreement.id, 'pending']],
      );

      const form = await publicCall(`${base}/forms/${token}`, { headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
      t.is(form.status, 200);
      t.is(form.body.title, 'Feragatname');
      t.is(form.body.text, 'Kendi riskimle çalışırım.');
      t.true(form.body.requiresNationalId);
      t.is(form.body.signer.email, 'sule@agreements.test');

      const sign = (body: unknown) =>
        publicCall(`${base}/forms/${token}/sign`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'agreements-test',
            'accept-language': 'tr',
            // No proxy of ours is trusted here (TRUSTED_PROXY_HOPS=0): this is not the client's address.
            'x-forwarded-for': '198.51.100.23',
          },
          body: JSON.stringify(body),
        });
      const badId = await sign({ typedName: 'Şule Yılmaz', consent: true, nationalId: '12' });
      t.is(badId.status, 400);
      t.false(JSON.stringify(badId.body).includes('"12"'), 'a national ID is never echoed');
      t.true(JSON.stringify(badId.body).includes('nationalId'));
      const missing = await sign({ typedName: 'Şule Yılmaz', consent: true });
      t.is(missing.status, 400);
      t.is(missing.body.code, 'AgreementInputInvalid');
      t.is(
        (await sign({ typedName: 'Şule Yılmaz', consent: true, signatureImage: 'aGVsbG8=', nationalId: NATIONAL_ID })).status,
        400,
        'not a PNG',
      );
      t.is((await sign({ typedName: 'Şule Yılmaz', consent: false, nationalId: NATIONAL_ID })).status, 400, 'consent must be true');
      const oversized = new Uint8Array(100 * 1024 + 1);
      oversized.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooLarge = await sign({
        typedName: 'Şule Yılmaz',
        consent: true,
        signatureImage: Buffer.from(oversized).toString('base64'),
        nationalId: NATIONAL_ID,
      });
      t.is(tooLarge.status, 400, 'a PNG over 100 KB');
      t.true(JSON.stringify(tooLarge.body).includes('signatureImage'), JSON.stringify(tooLarge.body));

      const signed = await sign({ typedName: 'Şule Yılmaz', consent: true, signatureImage: PNG, nationalId: NATIONAL_ID });
      t.is(signed.status, 201, JSON.stringify(signed.body));
      t.regex(signed.body.receiptId, /^rcpt_[0-9a-f]{32}$/);
      const again = await sign({ typedName: 'Şule Yılmaz', consent: true, nationalId: NATIONAL_ID });
      t.is(again.status, 410);
      t.is(again.body.code, 'AgreementLinkUsed');
      t.is((await publicCall(`${base}/forms/${token}`)).body.code, 'AgreementLinkUsed');
      t.is((await publicCall(`${base}/forms/${'x'.repeat(43)}`)).status, 404);

      t.deepEqual(
        ok('listing mine once signed', await world.as(member).get('/users/me/agreements')).items.map((item: any) => [item.id, item.status]),
        [[requested.agreement.id, 'signed']],
        'signed ones stay in the signer’s list',
      );
      const listed = ok('listing the member', await staff.get(`/organizations/${orgId}/members/${membershipId}/agreements`));
      t.like(listed.items[0], { id: requested.agreement.id, status: 'signed', receiptId: signed.body.receiptId, title: 'Feragatname' });
      assertError(
        t,
        await staff.post(`/organizations/${orgId}/members/${membershipId}/agreements/${requested.agreement.id}/revoke`),
        409,
        'AgreementNotPending',
      );

      const agreementPath = `/organizations/${orgId}/agreements/${requested.agreement.id}`;
      const pdfPath = `${base}${agreementPath}/pdf`;
      const download = async () => fetch(pdfPath, { headers: { 'x-test-user-id': owner } });
      const pdf = await download();
      t.is(pdf.status, 200);
      t.is(pdf.headers.get('content-type'), 'application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      const text = (await pdfPages(bytes)).join(' ');
      for (const field of [
        'Demir Spor',
        'Feragatname',
        'Kendi riskimle çalışırım.',
        'Şule Yılmaz',
        NATIONAL_ID,
        signed.body.receiptId,
        'agreements-test',
      ])
        t.true(text.includes(field), `the PDF shows ${field}`);
      t.false(text.includes('198.51.100.23'), 'an untrusted X-Forwarded-For is not recorded as the client address');
      const coachPdf = await fetch(pdfPath, { headers: { 'x-test-user-id': coach } });
      t.is(coachPdf.status, 403);
      t.is((await fetch(pdfPath, { headers: { 'x-test-user-id': member } })).status, 403, 'not the signer either: staff only');
      const oldPath = await fetch(`${base}/organizations/${orgId}/members/${membershipId}/agreements/${requested.agreement.id}/pdf`, {
        headers: { 'x-test-user-id': owner },
      });
      t.is(oldPath.status, 404, 'the PDF is served under the organization’s agreements only');

      // A PDF cannot hold its own hash: the service keeps the SHA-256 of each one it renders.
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const verify = (query: string, as = owner) => world.as(as).get(`${agreementPath}/verify${query}`);
      const produced = ok('verifying the PDF', await verify(`?sha256=${sha256}`));
      t.is(produced.produced, true);
      t.true(Number.isFinite(Date.parse(produced.renderedAt)));
      t.deepEqual(Object.keys(produced).sort(), ['produced', 'renderedAt']);
      t.is(ok('verifying in upper case', await verify(`?sha256=${sha256.toUpperCase()}`)).produced, true);
      const altered = Uint8Array.from(bytes);
      altered[altered.length - 1] ^= 0x01;
      t.deepEqual(ok('verifying a changed copy', await verify(`?sha256=${createHash('sha256').update(altered).digest('hex')}`)), {
        produced: false,
      });
      for (const [query, what] of [
        ['', 'missing'],
        ['?sha256=', 'empty'],
        [`?sha256=${sha256.slice(1)}`, '63 digits'],
        [`?sha256=${'g'.repeat(64)}`, 'not hex'],
      ] as const) {
        const refused = await verify(query);
        assertError(t, refused, 400, 'ValidationFailed', what);
        t.true(
          (refused.body.problems as string[]).some((line) => line.startsWith('query.sha256')),
          `${what}: sha256 is named`,
        );
      }
      assertError(t, await verify(`?sha256=${sha256}`, coach), 403, 'Forbidden');
      assertError(t, await verify(`?sha256=${sha256}`, member), 403, 'Forbidden');
      const stranger = await world.seedUser('stranger@agreements.test');
      const strangers = await organizationWithMembers(world, stranger, 'Başka Salon', []);
      t.is((await world.as(stranger).get(`${agreementPath}/verify?sha256=${sha256}`)).status, 404, 'another organization’s owner');
      t.is((await world.as(stranger).get(`${agreementPath}/pdf`)).status, 404);
      assertError(
        t,
        await world.as(stranger).get(`/organizations/${strangers.orgId}/agreements/${requested.agreement.id}/verify?sha256=${sha256}`),
        404,
        'AgreementNotFound',
        'through their own organization',
      );
      const trail = ok('reading the audit trail', await staff.get(`/organizations/${orgId}/audit`)).items as Array<{
        action: string;
        after: Record<string, unknown> | null;
      }>;
      t.true(
        trail.some((entry) => entry.action === 'compliance.read' && entry.after?.sha256 === sha256),
        'the download is audited with its hash',
      );
      t.true(trail.some((entry) => entry.action === 'agreement.signed'));

      t.is((await world.as(member).delete('/users/me')).status, 204);
      const after = await download();
      t.is(after.status, 200, 'the gym’s legal record stays');
      const afterText = (await pdfPages(new Uint8Array(await after.arrayBuffer()))).join(' ');
      t.false(afterText.includes(NATIONAL_ID));
      t.true(afterText.includes('Şule Yılmaz'));
      t.true(
        afterText.includes('gösterilmiyor: imzalayanın hesabı silinince silindi'),
        'the PDF says the account was deleted, in the language signed',
      );
    },
  );

  test.serial(
    `${database.label}: a removed (cancelled) member’s PDF stays downloadable, without the national ID, and says why`,
    async (t) => {
      const world = await worldOf(database);
      const owner = await world.seedUser('owner-cancel@agreements.test');
      const member = await world.seedUser('irem@agreements.test');
      const { orgId, membershipIds } = await organizationWithMembers(world, owner, 'Güç Evi', [
        { idpId: member, email: 'irem@agreements.test', role: 'member' },
      ]);
      const membershipId = membershipIds.get('irem@agreements.test')!;
      const staff = world.as(owner);
      const template = ok(
        'template',
        await staff.post(`/organizations/${orgId}/agreement-templates`, {
          kind: 'membership',
          requiresNationalId: true,
          texts: { tr: { title: 'Üyelik sözleşmesi', body: 'Aidat her ay ödenir.' } },
        }),
      );
      const requested = ok(
        'request',
        await staff.post(`/organizations/${orgId}/members/${membershipId}/agreements`, { templateId: template.id }),
      );
      t.like(requested.agreement, { title: 'Üyelik sözleşmesi', version: 1 }, 'the only language the version has');
      const token = (requested.link.url as string).split('/').at(-1)!;
      const signed = await publicCall(`${world.service.url}/forms/${token}/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ typedName: 'İrem Güneş', consent: true, nationalId: NATIONAL_ID }),
      });
      t.is(signed.status, 201, JSON.stringify(signed.body));
      const pdfText = async (): Promise<string> => {
        const pdf = await fetch(`${world.service.url}/organizations/${orgId}/agreements/${requested.agreement.id}/pdf`, {
          headers: { 'x-test-user-id': owner },
        });
        t.is(pdf.status, 200);
        return (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join(' ');
      };
      t.true((await pdfText()).includes(NATIONAL_ID), 'shown while the member is active');

      ok('removing the member', await staff.delete(`/organizations/${orgId}/members/${membershipId}`));
      const text = await pdfText();
      t.false(text.includes(NATIONAL_ID));
      t.true(text.includes('İrem Güneş'), 'the gym’s legal record stays');
      t.true(
        text.includes('gösterilmiyor: imzalayan etkin ya da askıya alınmış bir üye değil'),
        'the PDF says why, in the language signed',
      );
    },
  );

  test.serial(`${database.label}: a new link invalidates the old one; a malformed token or id is 400, never a server error`, async (t) => {
    const world = await worldOf(database);
    const owner = await world.seedUser('owner2@agreements.test');
    const member = await world.seedUser('ali@agreements.test');
    const { orgId, membershipIds } = await organizationWithMembers(world, owner, 'Kuvvet', [
      { idpId: member, email: 'ali@agreements.test', role: 'member' },
    ]);
    const membershipId = membershipIds.get('ali@agreements.test')!;
    const staff = world.as(owner);
    const template = ok(
      'template',
      await staff.post(`/organizations/${orgId}/agreement-templates`, {
        kind: 'membership',
        texts: { en: { title: 'Membership', body: 'Terms.' } },
      }),
    );
    const requested = ok(
      'request',
      await staff.post(`/organizations/${orgId}/members/${membershipId}/agreements`, { templateId: template.id }),
    );
    const fresh = ok('my link', await world.as(member).post(`/users/me/agreements/${requested.agreement.id}/link`));
    const base = world.service.url;
    const old = await publicCall(`${base}/forms/${(requested.link.url as string).split('/').at(-1)}`);
    t.is(old.status, 410);
    t.is(old.body.code, 'AgreementLinkUsed');
    t.is((await publicCall(`${base}/forms/${(fresh.url as string).split('/').at(-1)}`)).status, 200);
    t.is((await publicCall(`${base}/forms/not%20a%20token`)).status, 400);
    t.is((await staff.get(`/organizations/${orgId}/agreement-templates/not-a-uuid`)).status, 400);
    assertError(t, await world.as(owner).post(`/users/me/agreements/${requested.agreement.id}/link`), 404, 'AgreementNotFound');
  });

  test.serial(
    `${database.label}: the hosted page: HTML in Turkish with a strict CSP and no referrer; the form post signs without JavaScript; a second open says already used`,
    async (t) => {
      const world = await worldOf(database);
      const owner = await world.seedUser('owner3@agreements.test');
      const member = await world.seedUser('ayse@agreements.test');
      const { orgId, membershipIds } = await organizationWithMembers(world, owner, 'Çelik Salonu', [
        { idpId: member, email: 'ayse@agreements.test', role: 'member' },
      ]);
      const staff = world.as(owner);
      const template = ok(
        'template',
        await staff.post(`/organizations/${orgId}/agreement-templates`, {
          kind: 'waiver',
          requiresNationalId: true,
          texts: {
            en: { title: 'Waiver', body: 'At my own risk.' },
            tr: { title: 'Feragatname', body: '**Kendi** riskimle <b>çalışırım</b>.' },
          },
        }),
      );
      const requested = ok(
        'request',
        await staff.post(`/organizations/${orgId}/members/${membershipIds.get('ayse@agreements.test')}/agreements`, {
          templateId: template.id,
        }),
      );
      const url = requested.link.url as string;

      const page = await fetch(url, { headers: { 'accept-language': 'tr-TR' } });
      t.is(page.status, 200);
      t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
      t.is(page.headers.get('referrer-policy'), 'no-referrer');
      const csp = page.headers.get('content-security-policy') ?? '';
      t.regex(csp, /default-src 'none'/);
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      t.truthy(nonce);
      const html = await page.text();
      t.true(html.includes('<html lang="tr">'));
      t.true(html.includes(`<script nonce="${nonce}">`));
      t.true(
        html.includes('<strong>Kendi</strong> riskimle &lt;b&gt;çalışırım&lt;/b&gt;.'),
        'limited Markdown; HTML in the text is shown, never run',
      );
      t.false(/(src|href)="https?:/.test(html), 'no external assets');
      t.true(html.includes('<label for="nationalId">'));

      const post = (fields: Record<string, string>) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'no-js-browser' },
          body: new URLSearchParams(fields).toString(),
        });
      const refused = await post({ typedName: 'Ayşe Çelik', consent: 'true', nationalId: '1', language: 'tr' });
      t.is(refused.status, 400);
      const refusedHtml = await refused.text();
      t.true(refusedHtml.includes('nationalId'));
      t.false(refusedHtml.includes('value="1"'));

      const signed = await post({ typedName: 'Ayşe Çelik', consent: 'true', nationalId: NATIONAL_ID, language: 'tr', signatureImage: '' });
      t.is(signed.status, 200);
      const confirmation = await signed.text();
      t.regex(confirmation, /<strong id="receipt">rcpt_[0-9a-f]{32}<\/strong>/);
      t.true(confirmation.includes('İmzanız kaydedildi'));

      const again = await fetch(url, { headers: { 'accept-language': 'en' } });
      t.is(again.status, 410);
      t.true((await again.text()).includes('already used'));
    },
  );

  test.serial(
    `${database.label}: a link that keeps failing is refused with 429 before it is looked up (the per-token failure budget)`,
    async (t) => {
      const base = (await worldOf(database)).service.url;
      const token = 'z'.repeat(43);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await fetch(`${base}/forms/${token}`)).status);
      t.deepEqual(
        statuses.slice(0, 11),
        Array.from({ length: 11 }, () => 404),
      );
      const refused = await fetch(`${base}/sign/${token}`);
      t.is(statuses[11], 429);
      t.is(refused.status, 429, 'the hosted page shares the token’s budget');
      t.truthy(refused.headers.get('retry-after'));
      t.is((await fetch(`${base}/forms/${'w'.repeat(43)}`)).status, 404, 'another token has its own budget');
    },
  );
}

test.serial(
  'PGlite: behind one trusted proxy the evidence records the forwarded client address; a link lasts AGREEMENT_LINK_TTL_DAYS',
  async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idv-agreements-proxy-'));
    const world = await startEmulatedService({ DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: '1', AGREEMENT_LINK_TTL_DAYS: '3' });
    t.teardown(async () => {
      await world.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const owner = await world.seedUser('owner-proxy@agreements.test');
    const member = await world.seedUser('can@agreements.test');
    const { orgId, membershipIds } = await organizationWithMembers(world, owner, 'Vekil Spor', [
      { idpId: member, email: 'can@agreements.test', role: 'member' },
    ]);
    const staff = world.as(owner);
    const template = ok(
      'template',
      await staff.post(`/organizations/${orgId}/agreement-templates`, {
        kind: 'waiver',
        texts: { en: { title: 'Waiver', body: 'At my own risk.' } },
      }),
    );
    const requested = ok(
      'request',
      await staff.post(`/organizations/${orgId}/members/${membershipIds.get('can@agreements.test')}/agreements`, {
        templateId: template.id,
      }),
    );
    t.is(Date.parse(requested.link.expiresAt) - Date.parse(requested.agreement.requestedAt), 3 * DAY);
    const token = (requested.link.url as string).split('/').at(-1)!;
    const signed = await publicCall(`${world.service.url}/forms/${token}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
      body: JSON.stringify({ typedName: 'Can Öztürk', consent: true }),
    });
    t.is(signed.status, 201, JSON.stringify(signed.body));
    const pdf = await fetch(`${world.service.url}/organizations/${orgId}/agreements/${requested.agreement.id}/pdf`, {
      headers: { 'x-test-user-id': owner },
    });
    t.is(pdf.status, 200);
    const text = (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join(' ');
    t.true(text.includes('203.0.113.9'), 'the entry our one proxy added names the client');
    t.false(text.includes('198.51.100.7'), 'an entry the client wrote itself is not trusted');
  },
);
