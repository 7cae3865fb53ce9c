/** The provider's users at the end of a soak: the live ones as they are now, and every id it ever had. */
export interface ProviderView {
  readonly alive: ReadonlyMap<string, { readonly email: string | null; readonly imageUrl: string }>;
  readonly everCreated: readonly string[];
}

/** One row of the service's `users` table. */
export interface ServiceUserRow {
  readonly idpId: string;
  readonly email: string | null;
  readonly imageUrl: string | null;
  readonly deleted: boolean;
}

/** Provider ids by way the service diverged from the provider; all empty means converged. */
export interface Divergence {
  /** A live user without a live row, or a deleted one whose deletion never arrived (no row at all). */
  readonly lost: string[];
  /** More than one row for one provider id. */
  readonly duplicated: string[];
  /** A live row with another email or image than the provider's current one. */
  readonly stale: string[];
  /** A user deleted at the provider whose row is live. */
  readonly resurrected: string[];
  /** A row for an id the provider never had. */
  readonly phantom: string[];
}

/** Compares the service's rows with the provider's users (a deleted user must leave a soft-deleted row). */
export const compareUsers = (provider: ProviderView, rows: readonly ServiceUserRow[]): Divergence => {
  const byId = new Map<string, ServiceUserRow[]>();
  for (const row of rows) byId.set(row.idpId, [...(byId.get(row.idpId) ?? []), row]);
  const known = new Set(provider.everCreated);
  const divergence: Divergence = { lost: [], duplicated: [], stale: [], resurrected: [], phantom: [] };
  for (const [idpId, found] of byId) {
    if (found.length > 1) divergence.duplicated.push(idpId);
    if (!known.has(idpId)) divergence.phantom.push(idpId);
  }
  for (const idpId of provider.everCreated) {
    const row = byId.get(idpId)?.[0];
    const live = provider.alive.get(idpId);
    if (live === undefined) {
      if (row === undefined) divergence.lost.push(idpId);
      else if (!row.deleted) divergence.resurrected.push(idpId);
    } else if (row === undefined || row.deleted) divergence.lost.push(idpId);
    else if (row.email !== live.email || row.imageUrl !== live.imageUrl) divergence.stale.push(idpId);
  }
  return divergence;
};
