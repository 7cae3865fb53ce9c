/**
 * A failure that is one incident however many requests meet it: a dependency is away. The adapter
 * that talks to the dependency classifies its own errors at its edge (an `incident` property), so
 * nothing downstream reads error messages to tell.
 */
export type IncidentKind = 'database-unavailable' | 'provider-unavailable';

/** An error an adapter classified as part of an incident. */
export interface IncidentError {
  readonly incident: IncidentKind | undefined;
}

const KINDS: ReadonlySet<unknown> = new Set<IncidentKind>(['database-unavailable', 'provider-unavailable']);

/**
 * The incident an error belongs to, when its adapter classified it as one; `undefined` for any other
 * error (a defect of its own).
 *
 * @example
 * incidentOf(new PersistenceError('users.find', 'connection', '08006', undefined)); // 'database-unavailable'
 */
export const incidentOf = (error: unknown): IncidentKind | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { incident } = error as { incident?: unknown };
  return KINDS.has(incident) ? (incident as IncidentKind) : undefined;
};
