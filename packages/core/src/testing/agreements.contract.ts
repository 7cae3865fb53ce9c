import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Agreement, AgreementSignature } from '../agreements/agreement.js';
import type { AgreementTemplate, AgreementTemplateVersion } from '../agreements/agreement-template.js';
import type { AgreementTemplates } from '../agreements/ports/agreement-templates.js';
import type { Agreements } from '../agreements/ports/agreements.js';
import type { UserId } from '../identity/identifiers.js';
import type { Membership, MembershipId } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import { fixtureUuid } from './fixture-ids.js';
import { InMemoryAgreementTemplates } from './in-memory-agreement-templates.js';
import { InMemoryAgreements } from './in-memory-agreements.js';
import type { MembershipSeed } from './memberships.contract.js';
import type { ContractCase } from './users.contract.js';

/** The agreements ports plus a way to make their memberships (and organizations, users) exist. */
export interface AgreementsSubject {
  readonly agreementTemplates: AgreementTemplates;
  readonly agreements: Agreements;
  /** Makes the membership exist, with its organization and user. */
  seed(membership: MembershipSeed): Promise<void>;
}

const T = new Date('2026-06-01T10:00:00.000Z');
const later = (seconds: number): Date => new Date(T.getTime() + seconds * 1000);

// Each case its own ids (`ns`): the cases share one database per backend.
const fixtures = (ns: number) => {
  const id = (n: number): string => fixtureUuid(0xa0 + ns, n);
  const ORG = id(1) as OrganizationId;

  const member = (n: number, userId: string | null = id(100 + n)): MembershipSeed => ({
    id: id(50 + n),
    organizationId: ORG,
    organizationName: 'Iron Temple',
    userId,
    role: 'member',
    status: 'active',
    email: `m${n}@example.com`,
  });

  const version = (templateId: string, n: number, fields: Partial<AgreementTemplateVersion> = {}): AgreementTemplateVersion => ({
    id: id(200 + n),
    templateId,
    number: n,
    kind: 'waiver',
    format: 'markdown',
    requiresNationalId: true,
    texts: { en: { title: `Waiver v${n}`, body: 'I train at my own risk.' }, tr: { title: `Feragatname v${n}`, body: 'Şule İğdır' } },
    createdAt: later(n),
    ...fields,
  });

  const template = (): AgreementTemplate => ({
    id: id(10),
    organizationId: ORG,
    current: version(id(10), 1),
    archivedAt: null,
    createdAt: T,
    updatedAt: T,
  });

  const pending = (n: number, membershipId: string, at: Date = later(n)): Agreement => ({
    id: id(300 + n),
    organizationId: ORG,
    membershipId: membershipId as MembershipId,
    templateId: id(10),
    templateVersionId: id(201),
    status: 'pending',
    requestedBy: null,
    requestedAt: at,
    viewedAt: null,
    revokedAt: null,
    signature: null,
  });

  const signature = (fields: Partial<AgreementSignature> = {}): AgreementSignature => ({
    receiptId: `rcpt_${ns.toString(16).padStart(2, '0')}23456789abcdef0123456789abcdef`,
    signedAt: later(100),
    language: 'tr',
    textSha256: 'a'.repeat(64),
    typedName: 'Şule Yılmaz',
    image: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    imageSha256: 'b'.repeat(64),
    clientAddress: '2001:db8::1',
    userAgent: 'Mozilla/5.0',
    sealedNationalId: 'sealed.1',
    nationalIdErasedAt: null,
    ...fields,
  });

  const link = (agreementId: string, hash: string, issuedAt: Date = T) => ({
    agreementId,
    tokenHash: hash,
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + 14 * 86_400_000),
    usedAt: null,
    revokedAt: null,
  });

  const prepared = async (subject: AgreementsSubject, members: readonly MembershipSeed[]): Promise<void> => {
    for (const seed of members) await subject.seed(seed);
    await subject.agreementTemplates.insert(template());
  };
  return { id, ORG, member, version, pending, signature, link, prepared };
};

/** The agreements ports' contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const agreementsContract: readonly ContractCase<AgreementsSubject>[] = [
  {
    name: 'a template keeps every version; find answers the current one, in its organization only; archiving keeps it',
    async run(subject) {
      const { id, ORG, member, version, prepared } = fixtures(1);
      await prepared(subject, [member(1)]);
      const templates = subject.agreementTemplates;
      assert.equal(await templates.addVersion(version(id(10), 2, { requiresNationalId: false, format: 'plain' }), later(5)), true);
      const found = await templates.find(ORG, id(10));
      assert.ok(O.isSome(found));
      assert.equal(found.value.current.number, 2);
      assert.equal(found.value.current.requiresNationalId, false);
      assert.equal(found.value.current.format, 'plain');
      assert.deepEqual(found.value.updatedAt, later(5));
      assert.deepEqual(await templates.findVersion(id(201)), O.some(version(id(10), 1)));
      assert.deepEqual(await templates.find(id(2) as OrganizationId, id(10)), O.none);
      assert.equal(await templates.setArchived(id(10), later(6), later(6)), true);
      const listed = await templates.listForOrganization(ORG);
      assert.equal(listed.length, 1);
      assert.deepEqual(listed[0]?.archivedAt, later(6));
      assert.equal(await templates.setArchived(id(11), later(6), later(6)), false);
    },
  },
  {
    name: 'an agreement is found and listed for its organization, its member and its user, newest first, with title and status',
    async run(subject) {
      const { id, ORG, member, pending, prepared } = fixtures(2);
      await prepared(subject, [member(1), member(2)]);
      await subject.agreements.insert(pending(1, id(51)));
      await subject.agreements.insert(pending(2, id(52)));
      await subject.agreements.insert(pending(3, id(51)));
      assert.deepEqual(await subject.agreements.find(id(301)), O.some(pending(1, id(51))));
      assert.deepEqual(await subject.agreements.lock(id(399)), O.none);
      const all = await subject.agreements.listForOrganization(ORG, null);
      assert.deepEqual(
        all.map((summary) => summary.agreement.id),
        [id(303), id(302), id(301)],
      );
      assert.deepEqual(
        (await subject.agreements.listForOrganization(ORG, id(51) as MembershipId)).map((summary) => summary.agreement.id),
        [id(303), id(301)],
      );
      const mine = await subject.agreements.listForUser(id(102) as UserId);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]?.title, 'Waiver v1');
      assert.equal(mine[0]?.versionNumber, 1);
      assert.equal(mine[0]?.membershipStatus, 'active');
    },
  },
  {
    name: 'signing is guarded on pending and keeps every piece of evidence exactly; a signed or revoked agreement does not sign again',
    async run(subject) {
      const { id, member, pending, signature, prepared } = fixtures(3);
      await prepared(subject, [member(1)]);
      await subject.agreements.insert(pending(1, id(51)));
      await subject.agreements.insert(pending(2, id(51)));
      assert.equal(await subject.agreements.markViewed(id(301), later(50)), true);
      assert.equal(await subject.agreements.markViewed(id(301), later(60)), false, 'the first view is kept');
      assert.equal(await subject.agreements.sign(id(301), signature()), true);
      assert.equal(await subject.agreements.sign(id(301), signature({ typedName: 'Someone else' })), false);
      const signed = await subject.agreements.find(id(301));
      assert.ok(O.isSome(signed));
      assert.equal(signed.value.status, 'signed');
      assert.deepEqual(signed.value.viewedAt, later(50));
      assert.deepEqual(signed.value.signature, signature());
      assert.equal(
        (await subject.agreements.listForUser(id(101) as UserId)).find((s) => s.agreement.id === id(301))?.title,
        'Feragatname v1',
      );
      assert.equal(await subject.agreements.revoke(id(301), later(200)), false, 'signed is immutable');
      assert.equal(await subject.agreements.revoke(id(302), later(200)), true);
      assert.equal(await subject.agreements.sign(id(302), signature({ receiptId: id(399) })), false);
    },
  },
  {
    name: 'a link is found by its hash, used once; a newer link or a revocation ends the open one',
    async run(subject) {
      const { id, member, pending, link, prepared } = fixtures(4);
      await prepared(subject, [member(1)]);
      await subject.agreements.insert(pending(1, id(51)));
      await subject.agreements.issueLink(link(id(301), 'hash-1'));
      await subject.agreements.issueLink(link(id(301), 'hash-2', later(10)));
      const first = await subject.agreements.findLink('hash-1');
      assert.ok(O.isSome(first));
      assert.deepEqual(first.value.revokedAt, later(10));
      assert.equal(await subject.agreements.useLink('hash-1', later(20)), false);
      assert.equal(await subject.agreements.useLink('hash-2', later(20)), true);
      assert.equal(await subject.agreements.useLink('hash-2', later(21)), false);
      const used = await subject.agreements.findLink('hash-2');
      assert.ok(O.isSome(used));
      assert.deepEqual(used.value.usedAt, later(20));
      assert.deepEqual(await subject.agreements.findLink('hash-unknown'), O.none);
      await subject.agreements.insert(pending(2, id(51)));
      await subject.agreements.issueLink(link(id(302), 'hash-3'));
      assert.equal(await subject.agreements.revoke(id(302), later(30)), true);
      const revoked = await subject.agreements.findLink('hash-3');
      assert.ok(O.isSome(revoked));
      assert.deepEqual(revoked.value.revokedAt, later(30));
    },
  },
  {
    name: 'erasing a user’s national IDs clears only theirs, keeps the signed agreement, and stamps when',
    async run(subject) {
      const { id, member, pending, signature, prepared } = fixtures(5);
      await prepared(subject, [member(1), member(2)]);
      await subject.agreements.insert(pending(1, id(51)));
      await subject.agreements.insert(pending(2, id(52)));
      await subject.agreements.sign(id(301), signature());
      await subject.agreements.sign(id(302), signature({ receiptId: id(399) }));
      assert.equal(await subject.agreements.eraseNationalIdsOfUser(id(101) as UserId, later(500)), 1);
      assert.equal(await subject.agreements.eraseNationalIdsOfUser(id(101) as UserId, later(600)), 0);
      const erased = await subject.agreements.find(id(301));
      assert.ok(O.isSome(erased));
      assert.equal(erased.value.status, 'signed');
      assert.equal(erased.value.signature?.sealedNationalId, null);
      assert.deepEqual(erased.value.signature?.nationalIdErasedAt, later(500));
      const kept = await subject.agreements.find(id(302));
      assert.ok(O.isSome(kept));
      assert.equal(kept.value.signature?.sealedNationalId, 'sealed.1');
    },
  },
];

/** A fresh in-memory subject: the fakes, joined through the memberships it seeds. */
export const inMemoryAgreementsSubject = (): AgreementsSubject => {
  const memberships = new Map<string, Membership>();
  const agreementTemplates = new InMemoryAgreementTemplates();
  return {
    agreementTemplates,
    agreements: new InMemoryAgreements({
      membership: (membershipId) => memberships.get(membershipId),
      version: (versionId) => agreementTemplates.versionOf(versionId),
    }),
    seed: async (seed) => {
      memberships.set(seed.id, {
        id: seed.id as MembershipId,
        organizationId: seed.organizationId as OrganizationId,
        userId: seed.userId as UserId | null,
        role: seed.role,
        status: seed.status,
        email: (seed.email ?? null) as Membership['email'],
        createdAt: T,
        updatedAt: T,
      });
    },
  };
};
