import test from 'ava';
import { pushReceiptJobHandlers } from '../../devices/push-receipt-jobs.js';
import * as E from 'fp-ts/lib/Either.js';
import type { NationalId } from '../../identity/national-id.js';
import { softDeleteUser } from '../../identity/use-cases/soft-delete-user.js';
import { removeMember } from '../../membership/use-cases/remove-member.js';
import { refuseOwners } from '../../organization/owned-organizations.js';
import { anOrganization, createTestWorld, outcome, type TestWorld } from '../../testing/index.js';
import { agreementJobHandlers, NOTIFY_REQUESTED_JOB } from '../agreement-jobs.js';
import { agreementsArea } from '../agreements-area.js';
import type { AgreementTemplateInput } from '../agreement-template.js';

const DAY = 24 * 60 * 60 * 1000;
const NATIONAL_ID = '10000000078' as NationalId;
const WAIVER: AgreementTemplateInput = {
  kind: 'waiver',
  requiresNationalId: true,
  texts: {
    en: { title: 'Liability waiver', body: '# Waiver\nI train at my own risk.' },
    tr: { title: 'Feragatname', body: 'Kendi riskimle çalışırım.' },
  },
};

const right = <A>(result: E.Either<{ readonly _tag: string }, A>): A => {
  if (E.isLeft(result)) throw new Error(`expected Right, got ${result.left._tag}`);
  return result.right;
};
const tokenOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);
const signature = (fields: { nationalId?: NationalId | null; language?: 'en' | 'tr' | null } = {}) => ({
  typedName: 'Şule Yılmaz',
  consent: true as const,
  signatureImage: null,
  nationalId: fields.nationalId === undefined ? NATIONAL_ID : fields.nationalId,
  language: fields.language ?? null,
  clientAddress: '203.0.113.7',
  userAgent: 'test-agent',
});

const setUp = async (world: TestWorld = createTestWorld()) => {
  const area = agreementsArea(world);
  const org = await anOrganization(world, { ada: 'admin', cole: 'coach', bob: 'member' });
  const template = right(await area.createAgreementTemplate(org.owner.auth, org.organization.id, WAIVER)());
  return { world, area, org, template };
};

// The agreements area's own events (creating the organization and its members records theirs too).
const agreementEventTypes = (world: { readonly eventLog: { types(): string[] } }): string[] =>
  world.eventLog.types().filter((type) => type.startsWith('agreement.'));

test('a template is versioned: an edit makes version 2, archiving makes none, and both are audited', async (t) => {
  const { world, area, org, template } = await setUp();
  t.is(template.current.number, 1);
  const edited = right(
    await area.updateAgreementTemplate(org.owner.auth, org.organization.id, template.id, { requiresNationalId: false })(),
  );
  t.is(edited.current.number, 2);
  t.not(edited.current.id, template.current.id);
  t.deepEqual(edited.current.texts, WAIVER.texts, 'what the edit leaves out is kept');
  const archived = right(await area.updateAgreementTemplate(org.owner.auth, org.organization.id, template.id, { archived: true })());
  t.is(archived.current.number, 2);
  t.not(archived.archivedAt, null);
  t.is(right(await area.listAgreementTemplates(org.owner.auth, org.organization.id)()).length, 1, 'archived, never deleted');
  t.is(
    outcome(await area.requestAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, template.id)()),
    'AgreementTemplateArchived',
  );
  t.deepEqual(
    world.auditLog.actions().filter((action) => action.startsWith('agreement_template')),
    ['agreement_template.created', 'agreement_template.updated', 'agreement_template.updated'],
  );
});

test('only agreements.manage (owner, admin) manages templates and requests', async (t) => {
  const { area, org, template } = await setUp();
  t.is(outcome(await area.createAgreementTemplate(org.members.cole.auth, org.organization.id, WAIVER)()), 'Forbidden');
  t.is(outcome(await area.listAgreementTemplates(org.members.bob.auth, org.organization.id)()), 'Forbidden');
  t.is(
    outcome(await area.requestAgreement(org.members.cole.auth, org.organization.id, org.members.bob.membership.id, template.id)()),
    'Forbidden',
  );
  t.is(
    outcome(await area.requestAgreement(org.members.ada.auth, org.organization.id, org.members.bob.membership.id, template.id)()),
    'Right',
  );
});

test('a request answers its link once, records agreement.requested (no token) and enqueues the push, in the request', async (t) => {
  const { world, area, org, template } = await setUp();
  const requested = right(await area.requestAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, template.id)());
  t.regex(requested.link.url, /^https:\/\/api\.example\.test\/sign\/tok-\d+$/);
  t.is(requested.link.expiresAt.getTime() - world.clock.now().getTime(), 14 * DAY);
  t.is(requested.agreement.templateVersionId, template.current.id);
  t.like(requested, { title: 'Liability waiver', versionNumber: 1, membershipStatus: 'active' }, 'as staff list it');
  t.deepEqual(agreementEventTypes(world), ['agreement.requested']);
  t.false(JSON.stringify(world.eventLog.events).includes(tokenOf(requested.link.url)));
  t.deepEqual(world.jobQueue.names().slice(-1), [NOTIFY_REQUESTED_JOB], 'the request’s push, enqueued with its event');
  await world.jobQueue.drain(agreementJobHandlers(world));
  t.is(world.notifications.sent.length, 0, 'bob has no device: nothing is pushed, nothing fails');
  t.true(world.auditLog.actions().includes('agreement.requested'));
});

test('a cancelled membership cannot be asked to sign; another organization’s member is not found', async (t) => {
  const { world, area, org, template } = await setUp();
  const other = await anOrganization(world, { zed: 'member' });
  t.is(
    outcome(await area.requestAgreement(org.owner.auth, org.organization.id, other.members.zed.membership.id, template.id)()),
    'MembershipNotFound',
  );
  await softDeleteUser(world)(org.members.bob.user.idpId, refuseOwners)();
  t.is(
    outcome(await area.requestAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, template.id)()),
    'MembershipNotRequestable',
  );
});

test('signing: the form in the signer’s language, a single use, then 410 AgreementLinkUsed; evidence recorded', async (t) => {
  const { world, area, org, template } = await setUp();
  const { agreement, link } = right(
    await area.requestAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, template.id)(),
  );
  const token = tokenOf(link.url);
  const form = right(await area.openAgreementForm(token, 'tr')());
  t.is(form.title, 'Feragatname');
  t.is(form.text, 'Kendi riskimle çalışırım.');
  t.true(form.requiresNationalId);
  t.deepEqual(form.languages, ['en', 'tr']);
  t.is(form.signer.email, org.members.bob.membership.email);
  t.is(outcome(await area.signAgreement(token, signature({ nationalId: null, language: 'tr' }))()), 'AgreementInputInvalid');
  const receipt = right(await area.signAgreement(token, signature({ language: 'tr' }))());
  t.regex(receipt.receiptId, /^rcpt_[0-9a-f]{32}$/);
  t.is(outcome(await area.signAgreement(token, signature())()), 'AgreementLinkUsed');
  t.is(outcome(await area.openAgreementForm(token, null)()), 'AgreementLinkUsed');
  const signed = right(await area.listOrganizationAgreements(org.owner.auth, org.organization.id, null)())[0]!;
  t.is(signed.agreement.status, 'signed');
  t.is(signed.agreement.signature?.textSha256, world.agreementDigests.sha256('Kendi riskimle çalışırım.'));
  t.is(signed.agreement.signature?.clientAddress, '203.0.113.7');
  t.is(signed.agreement.viewedAt?.getTime(), world.clock.now().getTime());
  t.false(JSON.stringify(signed.agreement.signature).includes(NATIONAL_ID), 'sealed, never stored plain');
  t.deepEqual(agreementEventTypes(world), ['agreement.requested', 'agreement.signed']);
  t.deepEqual(
    world.auditLog.actions().filter((action) => action.startsWith('agreement.')),
    ['agreement.requested', 'agreement.viewed', 'agreement.signed'],
  );
  t.is(
    outcome(await area.revokeAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, agreement.id)()),
    'AgreementNotPending',
    'signed is immutable',
  );
});

test('an unknown token is 404, an expired link 410 AgreementLinkExpired, a replaced one 410 AgreementLinkUsed', async (t) => {
  const { world, area, org, template } = await setUp();
  t.is(outcome(await area.openAgreementForm('nope', null)()), 'AgreementLinkNotFound');
  const { agreement, link } = right(
    await area.requestAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, template.id)(),
  );
  const fresh = right(await area.issueMyAgreementLink(org.members.bob.auth, agreement.id)());
  t.is(outcome(await area.openAgreementForm(tokenOf(link.url), null)()), 'AgreementLinkUsed', 'a new link invalidates the old');
  t.is(outcome(await area.issueMyAgreementLink(org.members.cole.auth, agreement.id)()), 'AgreementNotFound', "someone else's");
  world.clock.advance(14 * DAY);
  t.is(outcome(await area.openAgreementForm(tokenOf(fresh.url), null)()), 'AgreementLinkExpired');
  const reissued = right(
    await area.reissueAgreementLink(org.owner.auth, org.organization.id, org.members.bob.membership.id, agreement.id)(),
  );
  t.is(outcome(await area.openAgreementForm(tokenOf(reissued.url), null)()), 'Right');
  right(await area.revokeAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, agreement.id)());
  t.is(outcome(await area.openAgreementForm(tokenOf(reissued.url), null)()), 'AgreementLinkUsed');
  t.deepEqual(right(await area.listMyAgreements(org.members.bob.auth)()), [], 'revoked ones are not the member’s to sign');
  t.deepEqual(
    world.auditLog
      .all()
      .filter((entry) => entry.action === 'agreement.link_issued' || entry.action === 'agreement.revoked')
      .map((entry) => [entry.action, entry.actorUserId, entry.targetId]),
    [
      ['agreement.link_issued', org.members.bob.user.id, agreement.id],
      ['agreement.link_issued', org.owner.user.id, agreement.id],
      ['agreement.revoked', org.owner.user.id, agreement.id],
    ],
    'a re-issue and a revoke are audited, with who did it',
  );
});

test('the compliance PDF shows the national ID to compliance.read only, audited first; a deleted user’s renders without it', async (t) => {
  const { world, area, org, template } = await setUp();
  const bob = org.members.bob;
  const { agreement, link } = right(await area.requestAgreement(org.owner.auth, org.organization.id, bob.membership.id, template.id)());
  right(await area.signAgreement(tokenOf(link.url), signature())());
  t.is(outcome(await area.agreementPdf(org.members.cole.auth, org.organization.id, agreement.id)()), 'Forbidden');
  t.is(outcome(await area.agreementPdf(bob.auth, org.organization.id, agreement.id)()), 'Forbidden');
  const pdf = right(await area.agreementPdf(org.owner.auth, org.organization.id, agreement.id)());
  t.true(new TextDecoder().decode(pdf.bytes).includes(`national ID: ${NATIONAL_ID}`));
  t.is(world.auditLog.actions().at(-1), 'compliance.read');

  right(await softDeleteUser(world)(bob.user.idpId, refuseOwners)());
  const after = right(await area.agreementPdf(org.owner.auth, org.organization.id, agreement.id)());
  const text = new TextDecoder().decode(after.bytes);
  t.false(text.includes(NATIONAL_ID));
  t.true(text.includes('national ID: absent: erased'));
  t.is(world.agreementDocuments.rendered.at(-1)?.signer.name, 'Şule Yılmaz', 'the signed agreement stays');
});

test('each PDF rendered keeps its SHA-256: verify says produced (with when) for it and for no changed copy, to compliance.read only', async (t) => {
  const { world, area, org, template } = await setUp();
  const bob = org.members.bob;
  const { agreement, link } = right(await area.requestAgreement(org.owner.auth, org.organization.id, bob.membership.id, template.id)());
  right(await area.signAgreement(tokenOf(link.url), signature())());
  const renderedAt = world.clock.now();
  const pdf = right(await area.agreementPdf(org.owner.auth, org.organization.id, agreement.id)());
  t.is(pdf.sha256, world.agreementDigests.sha256(pdf.bytes));
  t.like(world.auditLog.all().at(-1), { action: 'compliance.read', after: { sha256: pdf.sha256 } });
  const verify = (caller: typeof org.owner.auth, sha256: string, organizationId = org.organization.id) =>
    area.verifyAgreementPdf(caller, organizationId, agreement.id, sha256)();
  t.deepEqual(right(await verify(org.owner.auth, pdf.sha256)), { produced: true, renderedAt });
  t.deepEqual(right(await verify(org.members.ada.auth, pdf.sha256.toUpperCase())), { produced: true, renderedAt }, 'hex in any case');
  const changed = Uint8Array.from(pdf.bytes);
  changed[changed.length - 1] ^= 1;
  t.deepEqual(right(await verify(org.owner.auth, world.agreementDigests.sha256(changed))), { produced: false });
  t.is(outcome(await verify(org.members.cole.auth, pdf.sha256)), 'Forbidden');
  t.is(outcome(await verify(bob.auth, pdf.sha256)), 'Forbidden');

  world.clock.advance(DAY);
  const second = right(await area.agreementPdf(org.owner.auth, org.organization.id, agreement.id)());
  t.not(second.sha256, pdf.sha256, 'a later rendering is another document (its generation time differs)');
  t.deepEqual(right(await verify(org.owner.auth, second.sha256)), { produced: true, renderedAt: world.clock.now() });
  t.deepEqual(right(await verify(org.owner.auth, pdf.sha256)), { produced: true, renderedAt }, 'the first stays produced');

  const other = await anOrganization(world, { eve: 'member' }, 'Other Gym');
  t.is(outcome(await area.verifyAgreementPdf(other.owner.auth, other.organization.id, agreement.id, pdf.sha256)()), 'AgreementNotFound');
  t.is(outcome(await area.agreementPdf(other.owner.auth, other.organization.id, agreement.id)()), 'AgreementNotFound');
});

test('a removed (cancelled) member’s PDF stays downloadable without the national ID, and says why', async (t) => {
  const { world, area, org, template } = await setUp();
  const bob = org.members.bob;
  const { agreement, link } = right(await area.requestAgreement(org.owner.auth, org.organization.id, bob.membership.id, template.id)());
  right(await area.signAgreement(tokenOf(link.url), signature())());
  right(await removeMember(world)(org.owner.auth, org.organization.id, bob.membership.id)());
  const pdf = right(await area.agreementPdf(org.owner.auth, org.organization.id, agreement.id)());
  const text = new TextDecoder().decode(pdf.bytes);
  t.false(text.includes(NATIONAL_ID));
  t.true(text.includes('national ID: absent: not-live-member'));
  t.like(world.auditLog.all().at(-1), { action: 'compliance.read', after: { nationalIdShown: false } });
});

test('the push job tells a member with a device, in their language', async (t) => {
  const { world, area, org, template } = await setUp();
  await world.devices.register({
    userId: org.members.bob.user.id,
    installationId: 'inst-1' as never,
    pushToken: 'ExponentPushToken[bob-0123456789]' as never,
    platform: 'ios',
    appVersion: null,
    locale: 'tr-TR' as never,
    fallbackLocale: 'en' as never,
    at: world.clock.now(),
  });
  right(await area.requestAgreement(org.owner.auth, org.organization.id, org.members.bob.membership.id, template.id)());
  await world.jobQueue.drain({ ...agreementJobHandlers(world), ...pushReceiptJobHandlers(world) });
  t.is(world.notifications.sent.length, 1);
  t.is(world.notifications.sent[0]?.message.kind, 'agreement.requested');
  t.is(world.notifications.sent[0]?.locale as string | undefined, 'tr-TR');
});
