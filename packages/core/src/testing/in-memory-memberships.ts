import type { UserId } from '../identity/identifiers.js';
import type { MembershipSummary } from '../membership/membership.js';
import type { Memberships } from '../membership/ports/memberships.js';

/** The Memberships port in memory. */
export class InMemoryMemberships implements Memberships {
  private readonly rows: { userId: UserId; summary: MembershipSummary }[] = [];

  /** Seeds a membership for a user. */
  add(userId: UserId, summary: MembershipSummary): void {
    this.rows.push({ userId, summary });
  }

  async listForUser(userId: UserId): Promise<readonly MembershipSummary[]> {
    return this.rows.filter((row) => row.userId === userId).map((row) => row.summary);
  }

  async cancelAllForUser(userId: UserId): Promise<number> {
    let changed = 0;
    for (const row of this.rows) {
      if (row.userId === userId && row.summary.status !== 'cancelled') {
        row.summary = { ...row.summary, status: 'cancelled' };
        changed += 1;
      }
    }
    return changed;
  }
}
