import {
  AgreementLanguage,
  AgreementTexts,
  MembershipId,
  MembershipStatus,
  OrganizationId,
  UserId,
  textLanguage,
  type Agreement,
  type AgreementLink,
  type AgreementSignature,
  type AgreementStatus,
  type AgreementSummary,
  type Agreements,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { toDate, type DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from '../columns/decode-column.js';
import { AGREEMENT_STATUSES } from '../entities/agreement.entity.js';
import { InvalidRow } from '../errors/invalid-row.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

/** The `agreements` columns, in the order the insert and the sign statement list them. */
const AGREEMENT_COLUMNS = [
  'id',
  'organization_id',
  'membership_id',
  'template_id',
  'template_version_id',
  'status',
  'requested_by',
  'requested_at',
  'viewed_at',
  'revoked_at',
  'receipt_id',
  'signed_at',
  'language',
  'text_sha256',
  'typed_name',
  'signature_image',
  'signature_image_sha256',
  'client_address',
  'user_agent',
  'sealed_national_id',
  'national_id_erased_at',
] as const;
const COLUMNS = AGREEMENT_COLUMNS.map((column) => `"${column}"`).join(', ');
const QUALIFIED = AGREEMENT_COLUMNS.map((column) => `a."${column}"`).join(', ');
const LINK_COLUMNS = '"token_hash", "agreement_id", "issued_at", "expires_at", "used_at", "revoked_at"';

const INSERT = statement(
  'agreements_insert',
  `insert into "agreements" (${COLUMNS}) values (${AGREEMENT_COLUMNS.map(() => '?').join(', ')})`,
);
const FIND = statement('agreements_find', `select ${COLUMNS} from "agreements" where "id" = ?`);
const LOCK = statement('agreements_lock', `select ${COLUMNS} from "agreements" where "id" = ? for update`);
const SUMMARY = `select ${QUALIFIED}, v."number" as "version_number", v."texts" as "version_texts", m."status" as "membership_status"
from "agreements" a join "agreement_template_versions" v on v."id" = a."template_version_id" join "memberships" m on m."id" = a."membership_id"`;
const LIST_ORGANIZATION = statement(
  'agreements_list_organization',
  `${SUMMARY} where a."organization_id" = ? order by a."requested_at" desc, a."id" desc`,
);
const LIST_MEMBER = statement(
  'agreements_list_member',
  `${SUMMARY} where a."organization_id" = ? and a."membership_id" = ? order by a."requested_at" desc, a."id" desc`,
);
const LIST_USER = statement('agreements_list_user', `${SUMMARY} where m."user_id" = ? order by a."requested_at" desc, a."id" desc`);
const MARK_VIEWED = statement('agreements_mark_viewed', `update "agreements" set "viewed_at" = ? where "id" = ? and "viewed_at" is null`);
// Guarded on `pending`: a signed agreement is never written again (but for the erasure below).
const SIGN = statement(
  'agreements_sign',
  `update "agreements" set "status" = 'signed', "receipt_id" = ?, "signed_at" = ?, "language" = ?, "text_sha256" = ?, "typed_name" = ?,
  "signature_image" = ?, "signature_image_sha256" = ?, "client_address" = ?, "user_agent" = ?, "sealed_national_id" = ?,
  "national_id_erased_at" = ? where "id" = ? and "status" = 'pending'`,
);
const REVOKE = statement(
  'agreements_revoke',
  `update "agreements" set "status" = 'revoked', "revoked_at" = ? where "id" = ? and "status" = 'pending'`,
);
const ERASE_FOR_USER = statement(
  'agreements_erase_national_ids_of_user',
  `update "agreements" set "sealed_national_id" = null, "national_id_erased_at" = ?
where "sealed_national_id" is not null and "membership_id" in (select "id" from "memberships" where "user_id" = ?)`,
);
const REVOKE_LINKS = statement(
  'agreement_links_revoke_open',
  `update "agreement_links" set "revoked_at" = ? where "agreement_id" = ? and "used_at" is null and "revoked_at" is null`,
);
const INSERT_LINK = statement('agreement_links_insert', `insert into "agreement_links" (${LINK_COLUMNS}) values (?, ?, ?, ?, ?, ?)`);
const FIND_LINK = statement('agreement_links_find', `select ${LINK_COLUMNS} from "agreement_links" where "token_hash" = ?`);
const USE_LINK = statement(
  'agreement_links_use',
  `update "agreement_links" set "used_at" = ? where "token_hash" = ? and "used_at" is null and "revoked_at" is null`,
);

/** An `agreements` row as raw SQL returns it. */
type AgreementRecord = { readonly [Column in (typeof AGREEMENT_COLUMNS)[number]]: unknown };

/** An agreement with what its list needs of the version and the membership. */
interface SummaryRecord extends AgreementRecord {
  readonly version_number: unknown;
  readonly version_texts: unknown;
  readonly membership_status: unknown;
}

/** An `agreement_links` row as raw SQL returns it. */
interface LinkRecord {
  readonly token_hash: unknown;
  readonly agreement_id: unknown;
  readonly issued_at: unknown;
  readonly expires_at: unknown;
  readonly used_at: unknown;
  readonly revoked_at: unknown;
}

const statusOf = (value: unknown): AgreementStatus => {
  if (typeof value === 'string' && (AGREEMENT_STATUSES as readonly string[]).includes(value)) return value as AgreementStatus;
  throw new InvalidRow('agreements.status', 'AgreementStatus');
};

const imageOf = (value: unknown): Uint8Array | null => (typeof value === 'string' ? Uint8Array.from(Buffer.from(value, 'base64')) : null);

const signatureOf = (row: AgreementRecord, parseDate: DateParser): AgreementSignature | null =>
  row.receipt_id === null || row.receipt_id === undefined
    ? null
    : {
        receiptId: decodeColumn(Text, row.receipt_id, 'agreements.receipt_id'),
        signedAt: requireDate(row.signed_at, parseDate, 'agreements.signed_at'),
        language: decodeColumn(AgreementLanguage, row.language, 'agreements.language'),
        textSha256: decodeColumn(Text, row.text_sha256, 'agreements.text_sha256'),
        typedName: decodeColumn(Text, row.typed_name, 'agreements.typed_name'),
        image: imageOf(row.signature_image),
        imageSha256: decodeNullable(Text, row.signature_image_sha256, 'agreements.signature_image_sha256'),
        clientAddress: decodeColumn(Text, row.client_address, 'agreements.client_address'),
        userAgent: decodeColumn(Text, row.user_agent, 'agreements.user_agent'),
        sealedNationalId: decodeNullable(Text, row.sealed_national_id, 'agreements.sealed_national_id'),
        nationalIdErasedAt: toDate(row.national_id_erased_at, parseDate),
      };

const agreementToDomain = (row: AgreementRecord, parseDate: DateParser): Agreement => ({
  id: decodeColumn(Text, row.id, 'agreements.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'agreements.organization_id'),
  membershipId: decodeColumn(MembershipId, row.membership_id, 'agreements.membership_id'),
  templateId: decodeColumn(Text, row.template_id, 'agreements.template_id'),
  templateVersionId: decodeColumn(Text, row.template_version_id, 'agreements.template_version_id'),
  status: statusOf(row.status),
  requestedBy: decodeNullable(UserId, row.requested_by, 'agreements.requested_by'),
  requestedAt: requireDate(row.requested_at, parseDate, 'agreements.requested_at'),
  viewedAt: toDate(row.viewed_at, parseDate),
  revokedAt: toDate(row.revoked_at, parseDate),
  signature: signatureOf(row, parseDate),
});

const summaryToDomain = (row: SummaryRecord, parseDate: DateParser): AgreementSummary => {
  const agreement = agreementToDomain(row, parseDate);
  const texts = decodeColumn(
    AgreementTexts,
    typeof row.version_texts === 'string' ? JSON.parse(row.version_texts) : row.version_texts,
    'agreement_template_versions.texts',
  );
  return {
    agreement,
    title: texts[agreement.signature?.language ?? textLanguage(texts, null)]?.title ?? '',
    versionNumber: Number(row.version_number),
    membershipStatus: decodeColumn(MembershipStatus, row.membership_status, 'memberships.status'),
  };
};

const linkToDomain = (row: LinkRecord, parseDate: DateParser): AgreementLink => ({
  tokenHash: decodeColumn(Text, row.token_hash, 'agreement_links.token_hash'),
  agreementId: decodeColumn(Text, row.agreement_id, 'agreement_links.agreement_id'),
  issuedAt: requireDate(row.issued_at, parseDate, 'agreement_links.issued_at'),
  expiresAt: requireDate(row.expires_at, parseDate, 'agreement_links.expires_at'),
  usedAt: toDate(row.used_at, parseDate),
  revokedAt: toDate(row.revoked_at, parseDate),
});

/** The Agreements port on raw SQL: `agreements` (requests and their evidence) and `agreement_links` (token hashes). */
export class SqlAgreements implements Agreements {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  insert(agreement: Agreement): Promise<void> {
    return guarded('agreements.insert', async () => {
      await this.sql.run(INSERT, [
        agreement.id,
        agreement.organizationId,
        agreement.membershipId,
        agreement.templateId,
        agreement.templateVersionId,
        agreement.status,
        agreement.requestedBy,
        agreement.requestedAt,
        agreement.viewedAt,
        agreement.revokedAt,
        ...Array.from({ length: 11 }, () => null),
      ]);
    });
  }

  find(id: string): Promise<O.Option<Agreement>> {
    return guarded('agreements.find', () => this.one(FIND, id));
  }

  lock(id: string): Promise<O.Option<Agreement>> {
    return guarded('agreements.lock', () => this.one(LOCK, id));
  }

  listForOrganization(organizationId: OrganizationId, membershipId: MembershipId | null): Promise<readonly AgreementSummary[]> {
    return guarded('agreements.listForOrganization', async () =>
      (membershipId === null
        ? await this.sql.rows<SummaryRecord>(LIST_ORGANIZATION, [organizationId])
        : await this.sql.rows<SummaryRecord>(LIST_MEMBER, [organizationId, membershipId])
      ).map((row) => summaryToDomain(row, this.parseDate)),
    );
  }

  listForUser(userId: UserId): Promise<readonly AgreementSummary[]> {
    return guarded('agreements.listForUser', async () =>
      (await this.sql.rows<SummaryRecord>(LIST_USER, [userId])).map((row) => summaryToDomain(row, this.parseDate)),
    );
  }

  markViewed(id: string, at: Date): Promise<boolean> {
    return guarded('agreements.markViewed', async () => (await this.sql.run(MARK_VIEWED, [at, id])) === 1);
  }

  sign(id: string, signature: AgreementSignature): Promise<boolean> {
    return guarded('agreements.sign', async () => {
      const changed = await this.sql.run(SIGN, [
        signature.receiptId,
        signature.signedAt,
        signature.language,
        signature.textSha256,
        signature.typedName,
        signature.image === null ? null : Buffer.from(signature.image).toString('base64'),
        signature.imageSha256,
        signature.clientAddress,
        signature.userAgent,
        signature.sealedNationalId,
        signature.nationalIdErasedAt,
        id,
      ]);
      return changed === 1;
    });
  }

  revoke(id: string, at: Date): Promise<boolean> {
    return guarded('agreements.revoke', async () => {
      if ((await this.sql.run(REVOKE, [at, id])) !== 1) return false;
      await this.sql.run(REVOKE_LINKS, [at, id]);
      return true;
    });
  }

  eraseNationalIdsOfUser(userId: UserId, at: Date): Promise<number> {
    return guarded('agreements.eraseNationalIdsOfUser', () => this.sql.run(ERASE_FOR_USER, [at, userId]));
  }

  issueLink(link: AgreementLink): Promise<void> {
    return guarded('agreements.issueLink', async () => {
      await this.sql.run(REVOKE_LINKS, [link.issuedAt, link.agreementId]);
      await this.sql.run(INSERT_LINK, [link.tokenHash, link.agreementId, link.issuedAt, link.expiresAt, link.usedAt, link.revokedAt]);
    });
  }

  findLink(tokenHash: string): Promise<O.Option<AgreementLink>> {
    return guarded('agreements.findLink', async () => {
      const [row] = await this.sql.rows<LinkRecord>(FIND_LINK, [tokenHash]);
      return row === undefined ? O.none : O.some(linkToDomain(row, this.parseDate));
    });
  }

  useLink(tokenHash: string, at: Date): Promise<boolean> {
    return guarded('agreements.useLink', async () => (await this.sql.run(USE_LINK, [at, tokenHash])) === 1);
  }

  private async one(query: typeof FIND, id: string): Promise<O.Option<Agreement>> {
    const [row] = await this.sql.rows<AgreementRecord>(query, [id]);
    return row === undefined ? O.none : O.some(agreementToDomain(row, this.parseDate));
  }
}
