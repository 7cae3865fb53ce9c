import {
  Email,
  InvitationId,
  InvitationStatus,
  MembershipId,
  OrganizationId,
  RevokedReason,
  Role,
  UserId,
  type Invitation,
  type InvitationRenewal,
  type Invitations,
  type Page,
  type PageRequest,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = `"id", "organization_id", "membership_id", "email", "role", "status", "token_hash", "provider_invitation_id", "invited_by",
"expires_at", "created_at", "updated_at", "revoked_reason"`;

// The arbiter is the one-pending-per-email index: of two concurrent creations, the second waits for
// the first and then inserts nothing.
const CREATE = statement(
  'invitations_create',
  `insert into "invitations" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
on conflict ("organization_id", lower("email")) where "status" = 'pending' do nothing returning "id"`,
);
const FIND = statement('invitations_find_by_id', `select ${COLUMNS} from "invitations" where "id" = ?`);

// lower("email") matches the partial unique index, so the lookup uses it.
const FIND_PENDING_BY_EMAIL = statement(
  'invitations_find_pending_by_email',
  `select ${COLUMNS} from "invitations"
where "organization_id" = ? and lower("email") = lower(?) and "status" = 'pending'`,
);

const LIST_PENDING_FOR_EMAIL = statement(
  'invitations_list_pending_for_email',
  `select ${COLUMNS} from "invitations"
where lower("email") = lower(?) and "status" = 'pending' order by "created_at", "id"`,
);

const LIST_PENDING_EXPIRED = statement(
  'invitations_list_pending_expired',
  `select ${COLUMNS} from "invitations"
where "status" = 'pending' and "expires_at" <= ? order by "expires_at", "id" limit ?`,
);

const LIST_FIRST = statement(
  'invitations_list_first',
  `select ${COLUMNS} from "invitations"
where "organization_id" = ? order by "created_at" desc, "id" desc limit ?`,
);

const LIST_AFTER = statement(
  'invitations_list_after',
  `select ${COLUMNS} from "invitations"
where "organization_id" = ? and ("created_at", "id") < (?, ?) order by "created_at" desc, "id" desc limit ?`,
);

// Every transition re-checks status = 'pending' in its own WHERE: of concurrent callers, the first
// locks and changes the row, the others re-read it as no longer pending and change nothing.
const CLAIM = statement(
  'invitations_claim',
  `update "invitations" set "status" = 'accepted', "updated_at" = ?
where "id" = ? and "status" = 'pending' and "expires_at" > ? returning "id"`,
);

const ROTATE = statement(
  'invitations_rotate_token',
  `update "invitations" set "token_hash" = ?, "expires_at" = ?, "provider_invitation_id" = ?, "updated_at" = ?
where "id" = ? and "status" = 'pending' returning ${COLUMNS}`,
);

const REVOKE = statement(
  'invitations_mark_revoked',
  `update "invitations" set "status" = 'revoked', "revoked_reason" = ?, "updated_at" = ?
where "id" = ? and "status" = 'pending' returning "id"`,
);

const EXPIRE = statement(
  'invitations_mark_expired',
  `update "invitations" set "status" = 'expired', "updated_at" = ?
where "id" = ? and "status" = 'pending' returning "id"`,
);

/** An `invitations` row as raw SQL returns it. */
interface InvitationRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly membership_id: unknown;
  readonly email: unknown;
  readonly role: unknown;
  readonly status: unknown;
  readonly token_hash: unknown;
  readonly provider_invitation_id: unknown;
  readonly invited_by: unknown;
  readonly expires_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly revoked_reason: unknown;
}

/** Decodes an `invitations` row into the core `Invitation`. */
const invitationToDomain = (row: InvitationRecord, parseDate: DateParser): Invitation => ({
  id: decodeColumn(InvitationId, row.id, 'invitations.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'invitations.organization_id'),
  membershipId: decodeColumn(MembershipId, row.membership_id, 'invitations.membership_id'),
  email: decodeColumn(Email, row.email, 'invitations.email'),
  role: decodeColumn(Role, row.role, 'invitations.role'),
  status: decodeColumn(InvitationStatus, row.status, 'invitations.status'),
  tokenHash: decodeColumn(Text, row.token_hash, 'invitations.token_hash'),
  providerInvitationId: decodeNullable(Text, row.provider_invitation_id, 'invitations.provider_invitation_id'),
  invitedBy: decodeColumn(UserId, row.invited_by, 'invitations.invited_by'),
  expiresAt: requireDate(row.expires_at, parseDate, 'invitations.expires_at'),
  createdAt: requireDate(row.created_at, parseDate, 'invitations.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'invitations.updated_at'),
  revokedReason: decodeNullable(RevokedReason, row.revoked_reason, 'invitations.revoked_reason'),
});

/** The `invitations` columns of a core `Invitation`, in the order the insert lists them. */
const invitationToRow = (invitation: Invitation): readonly unknown[] => [
  invitation.id,
  invitation.organizationId,
  invitation.membershipId,
  invitation.email,
  invitation.role,
  invitation.status,
  invitation.tokenHash,
  invitation.providerInvitationId,
  invitation.invitedBy,
  invitation.expiresAt,
  invitation.createdAt,
  invitation.updatedAt,
  invitation.revokedReason,
];

/** The Invitations port on raw SQL through the repositories' runner (see `SqlUsers`). */
export class SqlInvitations implements Invitations {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  /** Inserts a pending invitation; false when the organization has a pending one for the address already. */
  create(invitation: Invitation): Promise<boolean> {
    return guarded('invitations.create', async () => (await this.sql.rows(CREATE, invitationToRow(invitation))).length === 1);
  }

  /** The invitation with this id, if any. */
  findById(id: InvitationId): Promise<O.Option<Invitation>> {
    return guarded('invitations.findById', async () => this.first(await this.sql.rows<InvitationRecord>(FIND, [id])));
  }

  findPendingByEmail(organizationId: OrganizationId, email: Email): Promise<O.Option<Invitation>> {
    return guarded('invitations.findPendingByEmail', async () =>
      this.first(await this.sql.rows<InvitationRecord>(FIND_PENDING_BY_EMAIL, [organizationId, email])),
    );
  }

  listForOrganization(organizationId: OrganizationId, page: PageRequest): Promise<Page<Invitation>> {
    return guarded('invitations.listForOrganization', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<Invitation>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<InvitationRecord>(LIST_FIRST, [organizationId, page.limit + 1])
          : await this.sql.rows<InvitationRecord>(LIST_AFTER, [organizationId, cursor.at, cursor.id, page.limit + 1]);
      return keysetPage(
        rows.map((row) => this.toDomain(row)),
        page,
        (i) => ({ at: i.createdAt, id: i.id }),
      );
    });
  }

  listPendingForEmail(email: Email): Promise<readonly Invitation[]> {
    return guarded('invitations.listPendingForEmail', async () =>
      (await this.sql.rows<InvitationRecord>(LIST_PENDING_FOR_EMAIL, [email])).map((row) => this.toDomain(row)),
    );
  }

  listPendingExpired(now: Date, limit: number): Promise<readonly Invitation[]> {
    return guarded('invitations.listPendingExpired', async () =>
      (await this.sql.rows<InvitationRecord>(LIST_PENDING_EXPIRED, [now, limit])).map((row) => this.toDomain(row)),
    );
  }

  claim(id: InvitationId, now: Date): Promise<boolean> {
    return guarded('invitations.claim', async () => (await this.sql.rows(CLAIM, [now, id, now])).length === 1);
  }

  rotateToken(
    id: InvitationId,
    { tokenHash, expiresAt, providerInvitationId }: InvitationRenewal,
    at: Date,
  ): Promise<O.Option<Invitation>> {
    return guarded('invitations.rotateToken', async () =>
      this.first(await this.sql.rows<InvitationRecord>(ROTATE, [tokenHash, expiresAt, providerInvitationId, at, id])),
    );
  }

  markRevoked(id: InvitationId, reason: RevokedReason, at: Date): Promise<boolean> {
    return guarded('invitations.markRevoked', async () => (await this.sql.rows(REVOKE, [reason, at, id])).length === 1);
  }

  markExpired(id: InvitationId, at: Date): Promise<boolean> {
    return guarded('invitations.markExpired', async () => (await this.sql.rows(EXPIRE, [at, id])).length === 1);
  }

  private first(rows: readonly InvitationRecord[]): O.Option<Invitation> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(this.toDomain(row));
  }

  private toDomain(row: InvitationRecord): Invitation {
    return invitationToDomain(row, this.parseDate);
  }
}
