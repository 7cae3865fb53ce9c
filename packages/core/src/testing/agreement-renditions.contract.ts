import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Agreement } from '../agreements/agreement.js';
import type { AgreementTemplate } from '../agreements/agreement-template.js';
import type { AgreementRenditions } from '../agreements/ports/agreement-renditions.js';
import type { MembershipId } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import { inMemoryAgreementsSubject, type AgreementsSubject } from './agreements.contract.js';
import { fixtureUuid } from './fixture-ids.js';
import { InMemoryAgreementRenditions } from './in-memory-agreement-renditions.js';
import type { ContractCase } from './users.contract.js';

/** The renditions port beside the agreements ports that make its agreements exist. */
export interface AgreementRenditionsSubject extends AgreementsSubject {
  readonly agreementRenditions: AgreementRenditions;
}

const T = new Date('2026-07-01T09:00:00.000Z');
const later = (seconds: number): Date => new Date(T.getTime() + seconds * 1000);
const hex = (digit: string): string => digit.repeat(64);

/** One organization, member, template and agreement per case (`ns`): the cases share one database per backend. */
const agreementOf = async (subject: AgreementRenditionsSubject, ns: number, agreements = 1): Promise<readonly string[]> => {
  const id = (n: number): string => fixtureUuid(0xc0 + ns, n);
  const organizationId = id(1) as OrganizationId;
  await subject.seed({
    id: id(2),
    organizationId,
    organizationName: 'Rendition Gym',
    userId: id(3),
    role: 'member',
    status: 'active',
    email: `renditions-${ns}@example.com`,
  });
  const template: AgreementTemplate = {
    id: id(4),
    organizationId,
    current: {
      id: id(5),
      templateId: id(4),
      number: 1,
      kind: 'waiver',
      format: 'plain',
      requiresNationalId: false,
      texts: { en: { title: 'Waiver', body: 'At my own risk.' } },
      createdAt: T,
    },
    archivedAt: null,
    createdAt: T,
    updatedAt: T,
  };
  await subject.agreementTemplates.insert(template);
  const ids = Array.from({ length: agreements }, (_, n) => id(10 + n));
  for (const agreementId of ids) {
    const agreement: Agreement = {
      id: agreementId,
      organizationId,
      membershipId: id(2) as MembershipId,
      templateId: id(4),
      templateVersionId: id(5),
      status: 'pending',
      requestedBy: null,
      requestedAt: T,
      viewedAt: null,
      revokedAt: null,
      signature: null,
    };
    await subject.agreements.insert(agreement);
  }
  return ids;
};

/** The AgreementRenditions port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const agreementRenditionsContract: readonly ContractCase<AgreementRenditionsSubject>[] = [
  {
    name: 'a recorded rendition is found by its agreement and SHA-256, with when it was rendered',
    async run(subject) {
      const [agreementId] = await agreementOf(subject, 1);
      await subject.agreementRenditions.record({ agreementId: agreementId!, sha256: hex('a'), renderedAt: later(1) });
      assert.deepEqual(
        await subject.agreementRenditions.find(agreementId!, hex('a')),
        O.some({ agreementId, sha256: hex('a'), renderedAt: later(1) }),
      );
      assert.deepEqual(await subject.agreementRenditions.find(agreementId!, hex('b')), O.none);
    },
  },
  {
    name: 'a hash belongs to its agreement only: another agreement with no such rendition finds none',
    async run(subject) {
      const [first, second] = await agreementOf(subject, 2, 2);
      await subject.agreementRenditions.record({ agreementId: first!, sha256: hex('c'), renderedAt: later(1) });
      assert.deepEqual(await subject.agreementRenditions.find(second!, hex('c')), O.none);
    },
  },
  {
    name: 'every rendition is kept; the same bytes rendered again keep their first time',
    async run(subject) {
      const [agreementId] = await agreementOf(subject, 3);
      await subject.agreementRenditions.record({ agreementId: agreementId!, sha256: hex('d'), renderedAt: later(1) });
      await subject.agreementRenditions.record({ agreementId: agreementId!, sha256: hex('e'), renderedAt: later(2) });
      await subject.agreementRenditions.record({ agreementId: agreementId!, sha256: hex('d'), renderedAt: later(3) });
      assert.deepEqual(
        await subject.agreementRenditions.find(agreementId!, hex('d')),
        O.some({ agreementId, sha256: hex('d'), renderedAt: later(1) }),
      );
      assert.deepEqual(
        await subject.agreementRenditions.find(agreementId!, hex('e')),
        O.some({ agreementId, sha256: hex('e'), renderedAt: later(2) }),
      );
    },
  },
];

/** The in-memory fakes as a contract subject (one shared instance: the cases use distinct ids). */
export const inMemoryAgreementRenditionsSubject = (): AgreementRenditionsSubject => ({
  ...inMemoryAgreementsSubject(),
  agreementRenditions: new InMemoryAgreementRenditions(),
});
