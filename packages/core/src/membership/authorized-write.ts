import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../identity/auth-payload.js';
import type { Organization, OrganizationId } from '../organization/organization.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { authorize, decide, isActor, type Actor, type AuthorizationError, type Authorized, type AuthorizeDeps } from './authorize.js';
import type { Capability } from './capability.js';
import { membershipChangedConcurrently, type MembershipChangedConcurrently } from './membership.errors.js';
import type { Membership, MembershipId } from './membership.js';

/** What `authorize` answered outside the write, and what it was asked: the write asks again. */
export interface Grant extends Authorized {
  readonly caller: AuthPayload;
  readonly capability: Capability;
}

/** Ports an authorized write needs. */
export interface AuthorizedWriteDeps extends AuthorizeDeps {
  readonly unitOfWork: UnitOfWork;
}

/** Inside the write: who acts now, and the rows it locked as they stand now. */
export interface WriteScope {
  readonly organization: Organization;
  /** Decided again on the caller's locked row. */
  readonly actor: Actor;
  /** What the actor was authorized for (what `mayGrant` weighs). */
  readonly capability: Capability;
  /** The locked row with this id in this organization (the caller's own included); null when there is none. */
  locked(id: MembershipId): Membership | null;
}

/** What an authorized write answers besides the write's own Lefts. */
export type AuthorizedWriteError = AuthorizationError | MembershipChangedConcurrently;

/**
 * `authorize`, keeping what it was asked so that `authorizedWrite` can ask again: the cheap early
 * 404/403 before any transaction.
 *
 * @example
 * pipe(authorizeGrant(deps)(request.auth, orgId, 'members.manage'), TE.flatMap((grant) => authorizedWrite(deps, grant, [membershipId], write)));
 */
export const authorizeGrant =
  (deps: AuthorizeDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, capability: Capability): TE.TaskEither<AuthorizationError, Grant> =>
    pipe(
      authorize(deps)(caller, organizationId, capability),
      TE.map((authorized) => ({ ...authorized, caller, capability })),
    );

const byId = (a: MembershipId, b: MembershipId): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one way a write under an authorization runs (ARCHITECTURE §3, §7): in one unit of work, it
 * locks the caller's membership row and the rows the write touches (`lock`), all in id order so
 * that two managers acting on each other never deadlock, then decides the caller's authorization
 * again on the locked row. A caller removed, suspended or demoted since `authorize` is refused
 * (`Forbidden`, or `OrganizationNotFound` once the row is gone), and nothing is written; otherwise
 * `write` runs with the fresh actor and the locked rows, which no one else changes until it commits.
 * A transaction that still conflicts after its retry answers `MembershipChangedConcurrently`.
 *
 * @example
 * authorizedWrite(deps, grant, [membershipId], async ({ actor, locked }) => {
 *   const target = locked(membershipId);
 *   return target === null ? E.left(membershipNotFound()) : changeStatusAudited(deps, edge, actor, target);
 * });
 */
export const authorizedWrite = <E, A>(
  deps: AuthorizedWriteDeps,
  grant: Grant,
  lock: readonly (MembershipId | null)[],
  write: (scope: WriteScope) => Promise<E.Either<E, A>>,
): TE.TaskEither<E | AuthorizedWriteError, A> => {
  const own = grant.actor.membership?.id ?? null;
  const ids = [...new Set([own, ...lock].filter((id): id is MembershipId => id !== null))].sort(byId);
  return () =>
    deps.unitOfWork.run<E | AuthorizedWriteError, A>(
      async () => {
        const rows = new Map((await deps.memberships.lock(ids)).map((row) => [row.id, row]));
        const decision = decide(grant.actor.userId, grant.caller, grant.capability, O.fromNullable(own === null ? null : rows.get(own)));
        if (!isActor(decision)) return E.left(decision);
        const { organization, capability } = grant;
        return write({
          organization,
          actor: decision,
          capability,
          locked: (id) => {
            const row = rows.get(id);
            return row !== undefined && row.organizationId === organization.id ? row : null;
          },
        });
      },
      { onConflict: membershipChangedConcurrently },
    );
};
