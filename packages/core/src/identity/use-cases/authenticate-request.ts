import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { ErrorTracker } from '../../shared/error-tracker.js';
import type { AuthPayload } from '../auth-payload.js';
import { IdpUserId } from '../identifiers.js';
import { unauthenticated, type AuthenticationFailure, type Unauthenticated } from '../identity.errors.js';
import type { AccessTokenVerifier } from '../ports/access-token-verifier.js';
import type { Caller, Callers } from '../ports/callers.js';

/** Ports and settings for request authentication. */
export interface AuthenticateRequestDeps {
  readonly verifier: AccessTokenVerifier;
  readonly callers: Callers;
  readonly errorTracker: ErrorTracker;
  /** `TEST_AUTH_BYPASS`; the composition root never turns it on in production. */
  readonly testAuthBypass: boolean;
}

/** What authentication reads from a request. */
export interface RequestCredentials {
  readonly isPublic: boolean;
  /** The `Authorization` header, as sent. */
  readonly authorization?: string;
  /** `x-test-user-id`, `x-test-session-id`, `x-test-role` (honoured only with the bypass on). */
  readonly testUserId?: string;
  readonly testSessionId?: string;
  readonly testRole?: string;
}

const BEARER = /^Bearer\s+(\S+)$/i;

const decodeSubject = (subject: string): E.Either<Unauthenticated, IdpUserId> =>
  pipe(
    IdpUserId.decode(subject),
    E.mapLeft(() => unauthenticated('subject-not-a-user-id')),
  );

interface Session {
  readonly subject: IdpUserId;
  readonly sessionId: string;
  readonly role?: string;
}

// The caller is known once verified, so a defect in the lookup that follows is captured with them.
const lookUp = (deps: AuthenticateRequestDeps, session: Session): Promise<O.Option<Caller>> => {
  deps.errorTracker.setUser(session.subject);
  return deps.callers.findByIdpId(session.subject);
};

const payloadOf = (session: Session, caller: O.Option<Caller>): AuthPayload => ({
  userId: session.subject,
  sessionId: session.sessionId,
  ...(session.role === undefined ? {} : { role: session.role }),
  user: O.isSome(caller) ? caller.value.user : null,
  ...(O.isSome(caller) ? { memberships: caller.value.memberships } : {}),
});

/**
 * Applies the spec's ordered authentication rules: public handlers pass; the test bypass (when on)
 * trusts `x-test-*` headers; otherwise a verified `Authorization: Bearer` token is required and
 * mapped to the local user (null when the row does not exist yet), read with their memberships. Right(null) means public; a Left
 * is `Unauthenticated`, or `AuthenticationUnavailable` when the token could not be judged.
 *
 * @example
 * const auth = await authenticateRequest(deps)({ isPublic: false, authorization: 'Bearer eyJ…' })();
 */
export const authenticateRequest =
  (deps: AuthenticateRequestDeps) =>
  (credentials: RequestCredentials): TE.TaskEither<AuthenticationFailure, AuthPayload | null> => {
    if (credentials.isPublic) return TE.right(null);
    // Every bearer request runs what follows: plain async steps rather than a pipe of Tasks, since
    // each Task step costs promises (docs/performance.md).
    if (deps.testAuthBypass && credentials.testUserId !== undefined) {
      const subject = decodeSubject(credentials.testUserId);
      if (E.isLeft(subject)) return TE.left(subject.left);
      const session = {
        subject: subject.right,
        sessionId: credentials.testSessionId ?? 'sess_test_bypass',
        ...(credentials.testRole === undefined ? {} : { role: credentials.testRole }),
      };
      return async () => E.right(payloadOf(session, await lookUp(deps, session)));
    }
    const bearer = BEARER.exec(credentials.authorization ?? '');
    if (bearer === null) return TE.left(unauthenticated('missing-bearer', 'Missing bearer token'));
    return async () => {
      const verified = await deps.verifier.verify(bearer[1]!);
      if (E.isLeft(verified)) return verified;
      const subject = decodeSubject(verified.right.subject);
      if (E.isLeft(subject)) return subject;
      const session = { ...verified.right, subject: subject.right };
      // The lookup awaited here rather than in a helper of its own: one promise fewer per request (docs/performance.md).
      return E.right(payloadOf(session, await lookUp(deps, session)));
    };
  };
