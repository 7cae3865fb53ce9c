import * as O from 'fp-ts/lib/Option.js';
import type { Agreement, AgreementLink, AgreementSignature, AgreementSummary } from '../agreements/agreement.js';
import type { AgreementTemplateVersion } from '../agreements/agreement-template.js';
import type { Agreements } from '../agreements/ports/agreements.js';
import type { UserId } from '../identity/identifiers.js';
import type { Membership, MembershipId } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';

/** What the fake reads of the rest of the world: memberships and template versions (joins in SQL). */
export interface AgreementsLookups {
  /** The membership with this id, if any. */
  readonly membership: (id: MembershipId) => Membership | undefined;
  /** The template version with this id, if any. */
  readonly version: (id: string) => AgreementTemplateVersion | undefined;
}

const newestFirst = (a: Agreement, b: Agreement): number => b.requestedAt.getTime() - a.requestedAt.getTime() || (a.id < b.id ? 1 : -1);

/** Agreements and their links in memory; lists join through `lookups`. */
export class InMemoryAgreements implements Agreements {
  private readonly agreements = new Map<string, Agreement>();
  private readonly links = new Map<string, AgreementLink>();

  constructor(private readonly lookups: AgreementsLookups) {}

  async insert(agreement: Agreement): Promise<void> {
    this.agreements.set(agreement.id, agreement);
  }

  async find(id: string): Promise<O.Option<Agreement>> {
    return O.fromNullable(this.agreements.get(id));
  }

  lock(id: string): Promise<O.Option<Agreement>> {
    return this.find(id);
  }

  async listForOrganization(organizationId: OrganizationId, membershipId: MembershipId | null): Promise<readonly AgreementSummary[]> {
    return this.summaries(
      (agreement) => agreement.organizationId === organizationId && (membershipId === null || agreement.membershipId === membershipId),
    );
  }

  async listForUser(userId: UserId): Promise<readonly AgreementSummary[]> {
    return this.summaries((agreement) => this.lookups.membership(agreement.membershipId)?.userId === userId);
  }

  async markViewed(id: string, at: Date): Promise<boolean> {
    const agreement = this.agreements.get(id);
    if (agreement === undefined || agreement.viewedAt !== null) return false;
    this.agreements.set(id, { ...agreement, viewedAt: at });
    return true;
  }

  async sign(id: string, signature: AgreementSignature): Promise<boolean> {
    const agreement = this.agreements.get(id);
    if (agreement?.status !== 'pending') return false;
    this.agreements.set(id, { ...agreement, status: 'signed', signature });
    return true;
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const agreement = this.agreements.get(id);
    if (agreement?.status !== 'pending') return false;
    this.agreements.set(id, { ...agreement, status: 'revoked', revokedAt: at });
    this.revokeOpenLinks(id, at);
    return true;
  }

  async eraseNationalIdsOfUser(userId: UserId, at: Date): Promise<number> {
    let erased = 0;
    for (const agreement of this.agreements.values()) {
      const signature = agreement.signature;
      if (signature?.sealedNationalId == null || this.lookups.membership(agreement.membershipId)?.userId !== userId) continue;
      this.agreements.set(agreement.id, { ...agreement, signature: { ...signature, sealedNationalId: null, nationalIdErasedAt: at } });
      erased += 1;
    }
    return erased;
  }

  async issueLink(link: AgreementLink): Promise<void> {
    this.revokeOpenLinks(link.agreementId, link.issuedAt);
    this.links.set(link.tokenHash, link);
  }

  async findLink(tokenHash: string): Promise<O.Option<AgreementLink>> {
    return O.fromNullable(this.links.get(tokenHash));
  }

  async useLink(tokenHash: string, at: Date): Promise<boolean> {
    const link = this.links.get(tokenHash);
    if (link === undefined || link.usedAt !== null || link.revokedAt !== null) return false;
    this.links.set(tokenHash, { ...link, usedAt: at });
    return true;
  }

  private revokeOpenLinks(agreementId: string, at: Date): void {
    for (const link of this.links.values())
      if (link.agreementId === agreementId && link.usedAt === null && link.revokedAt === null)
        this.links.set(link.tokenHash, { ...link, revokedAt: at });
  }

  private summaries(keep: (agreement: Agreement) => boolean): AgreementSummary[] {
    return [...this.agreements.values()]
      .filter(keep)
      .sort(newestFirst)
      .map((agreement) => {
        const version = this.lookups.version(agreement.templateVersionId);
        const language = agreement.signature?.language ?? (version?.texts.en !== undefined ? 'en' : 'tr');
        return {
          agreement,
          title: version?.texts[language]?.title ?? '',
          versionNumber: version?.number ?? 0,
          membershipStatus: this.lookups.membership(agreement.membershipId)?.status ?? 'cancelled',
        };
      });
  }
}
