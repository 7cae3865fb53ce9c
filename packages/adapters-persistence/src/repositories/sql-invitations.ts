import type { Email, Invitation, InvitationId, InvitationRenewal, Invitations, OrganizationId, Page, PageRequest, RevokedReason } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { guarded } from '../errors/translate-error.js';
import type { DateParser } from '../mappers/column-values.js';
import { invitationToDomain, invitationToRow, type InvitationRecord } from '../mappers/invitation.mapper.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = `"id", "organization_id", "membership_id", "email", "role", "status", "token_hash", "provider_invitation_id", "invited_by",
"expires_at", "created_at", "updated_at", "revoked_reason"`;

// The arbiter is the one-pending-per-email index: of two concurrent creations, the second waits for
// the first and then inserts nothing.
const CREATE = statement('invitations_create', `insert into "invitations" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
on conflict ("organization_id", lower("email")) where "status" = 'pending' do nothing returning "id"`);
const FIND = statement('invitations_find_by_id', `select ${COLUMNS} from "invitations" where "id" = ?`);

// lower("email") matches the partial unique index, so the lookup uses it.
const FIND_PENDING_BY_EMAIL = statement('invitations_find_pending_by_email', `select ${COLUMNS} from "invitations"
where "organization_id" = ? and lower("email") = lower(?) and "status" = 'pending'`);

const LIST_PENDING_FOR_EMAIL = statement('invitations_list_pending_for_email', `select ${COLUMNS} from "invitations"
where lower("email") = lower(?) and "status" = 'pending' order by "created_at", "id"`);

const LIST_FIRST = statement('invitations_list_first', `select ${COLUMNS} from "invitations"
where "organization_id" = ? order by "created_at" desc, "id" desc limit ?`);

const LIST_AFTER = statement('invitations_list_after', `select ${COLUMNS} from "invitations"
where "organization_id" = ? and ("created_at", "id") < (?, ?) order by "created_at" desc, "id" desc limit ?`);

// Every transition re-checks status = 'pending' in its own WHERE: of concurrent callers, the first
// locks and changes the row, the others re-read it as no longer pending and change nothing.
const CLAIM = statement('invitations_claim', `update "invitations" set "status" = 'accepted', "updated_at" = ?
where "id" = ? and "status" = 'pending' and "expires_at" > ? returning "id"`);

const ROTATE = statement('invitations_rotate_token', `update "invitations" set "token_hash" = ?, "expires_at" = ?, "provider_invitation_id" = ?, "updated_at" = ?
where "id" = ? and "status" = 'pending' returning ${COLUMNS}`);

const REVOKE = statement('invitations_mark_revoked', `update "invitations" set "status" = 'revoked', "revoked_reason" = ?, "updated_at" = ?
where "id" = ? and "status" = 'pending' returning "id"`);

const EXPIRE = statement('invitations_mark_expired', `update "invitations" set "status" = 'expired', "updated_at" = ?
where "id" = ? and "status" = 'pending' returning "id"`);

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
      return keysetPage(rows.map((row) => this.toDomain(row)), page, (i) => ({ at: i.createdAt, id: i.id }));
    });
  }

  listPendingForEmail(email: Email): Promise<readonly Invitation[]> {
    return guarded('invitations.listPendingForEmail', async () =>
      (await this.sql.rows<InvitationRecord>(LIST_PENDING_FOR_EMAIL, [email])).map((row) => this.toDomain(row)),
    );
  }

  claim(id: InvitationId, now: Date): Promise<boolean> {
    return guarded('invitations.claim', async () => (await this.sql.rows(CLAIM, [now, id, now])).length === 1);
  }

  rotateToken(id: InvitationId, { tokenHash, expiresAt, providerInvitationId }: InvitationRenewal, at: Date): Promise<O.Option<Invitation>> {
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
