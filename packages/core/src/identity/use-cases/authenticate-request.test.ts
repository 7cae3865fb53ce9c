import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { authenticationUnavailable, unauthenticated } from '../identity.errors.js';
import type { AccessTokenVerifier } from '../ports/access-token-verifier.js';
import { aProviderUser, createTestWorld, RecordingErrorTracker } from '../../testing/index.js';
import type { MembershipId } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { UserId } from '../identifiers.js';
import { authenticateRequest } from './authenticate-request.js';

const SUBJECT = 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S';

// A verifier that knows one good token; the real checks live in adapters-idp.
const verifier: AccessTokenVerifier = {
  verify: async (token) =>
    token === 'good'
      ? E.right({ subject: SUBJECT, sessionId: 'sess_1' })
      : token === 'admin'
        ? E.right({ subject: SUBJECT, sessionId: 'sess_2', role: 'platform_admin' })
        : token === 'odd-subject'
          ? E.right({ subject: 'mch_robot', sessionId: 'sess_3' })
          : token === 'keys-down'
            ? E.left(authenticationUnavailable('jwks-unavailable'))
            : E.left(unauthenticated('token-expired')),
};

const setup = (testAuthBypass = false) => {
  const world = createTestWorld();
  const errorTracker = new RecordingErrorTracker();
  const authenticate = authenticateRequest({ verifier, callers: world.callers, errorTracker, testAuthBypass });
  return { world, errorTracker, authenticate };
};

test('rule 1: a public handler is allowed without credentials', async (t) => {
  const { authenticate } = setup();
  t.deepEqual(await authenticate({ isPublic: true })(), E.right(null));
});

test('rule 3: a missing bearer header is unauthenticated', async (t) => {
  const { authenticate } = setup();
  const result = await authenticate({ isPublic: false })();
  t.true(E.isLeft(result) && result.left.reason === 'missing-bearer');
});

test('rule 3: another scheme is treated as a missing bearer', async (t) => {
  const { authenticate } = setup();
  const result = await authenticate({ isPublic: false, authorization: 'Basic Zm9vOmJhcg==' })();
  t.true(E.isLeft(result) && result.left.reason === 'missing-bearer');
});

test('rule 4: a token that fails verification is unauthenticated', async (t) => {
  const { authenticate } = setup();
  const result = await authenticate({ isPublic: false, authorization: 'Bearer expired' })();
  t.true(E.isLeft(result) && result.left.reason === 'token-expired');
});

test('rule 4: a verified token whose subject is not a provider user id is refused', async (t) => {
  const { authenticate } = setup();
  const result = await authenticate({ isPublic: false, authorization: 'Bearer odd-subject' })();
  t.true(E.isLeft(result) && result.left._tag === 'Unauthenticated');
});

test('rules 5-7: a valid session without a local row yields user null and sets the tracked user', async (t) => {
  const { authenticate, errorTracker } = setup();
  const result = await authenticate({ isPublic: false, authorization: 'Bearer good' })();
  t.deepEqual(result, E.right({ userId: SUBJECT, sessionId: 'sess_1', user: null }));
  t.is(errorTracker.user, SUBJECT);
});

test('rules 5-7: a valid session maps to the local user and carries the role claim', async (t) => {
  const { authenticate, world } = setup();
  const { user } = await world.users.syncFromProvider(aProviderUser({ idpId: SUBJECT }), '00000000-0000-4000-8000-000000000009' as UserId);
  const result = await authenticate({ isPublic: false, authorization: 'Bearer admin' })();
  t.deepEqual(result, E.right({ userId: SUBJECT, sessionId: 'sess_2', role: 'platform_admin', user, memberships: [] }));
});

test("rules 5-7: the caller's memberships come with the user, every status included, for /users/me to use", async (t) => {
  const { authenticate, world } = setup();
  const { user } = await world.users.syncFromProvider(aProviderUser({ idpId: SUBJECT }), '00000000-0000-4000-8000-000000000009' as UserId);
  const active = {
    id: '00000000-0000-4000-8000-0000000000a1',
    organizationId: '00000000-0000-4000-8000-0000000000b1',
    organizationName: 'Rowing Club',
    role: 'coach',
    status: 'active',
  } as const;
  const left = {
    ...active,
    id: '00000000-0000-4000-8000-0000000000a2',
    organizationId: '00000000-0000-4000-8000-0000000000b2',
    organizationName: 'Chess Club',
    status: 'cancelled',
  } as const;
  for (const summary of [active, left])
    world.memberships.add(user.id, {
      ...summary,
      id: summary.id as MembershipId,
      organizationId: summary.organizationId as OrganizationId,
    });
  const result = await authenticate({ isPublic: false, authorization: 'Bearer good' })();
  t.true(E.isRight(result));
  t.deepEqual(E.isRight(result) ? result.right?.memberships?.map((m) => [m.organizationName, m.status]) : undefined, [
    ['Rowing Club', 'active'],
    ['Chess Club', 'cancelled'],
  ]);
});

test('rule 2: with the bypass on, x-test-user-id populates the payload from the local row', async (t) => {
  const { authenticate, world } = setup(true);
  const { user } = await world.users.syncFromProvider(aProviderUser({ idpId: SUBJECT }), '00000000-0000-4000-8000-000000000009' as UserId);
  const result = await authenticate({ isPublic: false, testUserId: SUBJECT, testRole: 'platform_admin' })();
  t.deepEqual(result, E.right({ userId: SUBJECT, sessionId: 'sess_test_bypass', role: 'platform_admin', user, memberships: [] }));
});

test('rule 2: with the bypass off, x-test-user-id is ignored and a bearer is still required', async (t) => {
  const { authenticate } = setup(false);
  const result = await authenticate({ isPublic: false, testUserId: SUBJECT })();
  t.true(E.isLeft(result) && result.left.reason === 'missing-bearer');
});

test('a token that cannot be judged (keys unreachable) is AuthenticationUnavailable, not Unauthenticated', async (t) => {
  const { authenticate } = setup();
  const result = await authenticate({ isPublic: false, authorization: 'Bearer keys-down' })();
  t.deepEqual(result, E.left(authenticationUnavailable('jwks-unavailable')));
});

test('the tracked user is set right after verification, so a failed local lookup is captured with the sub', async (t) => {
  const errorTracker = new RecordingErrorTracker();
  const callers = { findByIdpId: () => Promise.reject(new Error('database down')) };
  const authenticate = authenticateRequest({ verifier, callers, errorTracker, testAuthBypass: false });
  await t.throwsAsync(authenticate({ isPublic: false, authorization: 'Bearer good' })(), { message: 'database down' });
  t.is(errorTracker.user, SUBJECT);
});
