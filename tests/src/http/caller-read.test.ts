import test from 'ava';
import { userCreatedEvent } from '@idv/core/testing';
import { providerEnv, startServiceUnderTest } from '../support/service-under-test.js';
import { startTestProvider } from '../support/test-provider.js';

// A bearer request reads its caller (the user row and their memberships) with one
// statement, and `GET /users/me` answers from that read: the statements' own metrics count them.
const METRICS_TOKEN = 'metrics-token-caller-read-0123456789abcdef';
const MEMBER = 'user_callerRead1';
const STATEMENTS = ['callers_find_by_idp_id', 'users_find_by_idp_id', 'memberships_list_for_user'] as const;

const statementCounts = async (url: string): Promise<Record<(typeof STATEMENTS)[number], number>> => {
  const metrics = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const count = (name: string): number => {
    const line = metrics.split('\n').find((candidate) => candidate.startsWith(`idv_db_query_duration_seconds_count{statement="${name}"}`));
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  return {
    callers_find_by_idp_id: count(STATEMENTS[0]),
    users_find_by_idp_id: count(STATEMENTS[1]),
    memberships_list_for_user: count(STATEMENTS[2]),
  };
};

test('GET /users/me costs one statement, which brings the memberships with the user', async (t) => {
  const provider = await startTestProvider();
  t.teardown(() => provider.close());
  const service = await startServiceUnderTest(providerEnv(provider, { METRICS_TOKEN }));
  t.teardown(() => service.close());
  const created = JSON.stringify(userCreatedEvent({ id: MEMBER, email: 'caller-read@example.com' }));
  t.is((await fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers: provider.sign(created), body: created })).status, 200);
  const authorization = `Bearer ${await provider.mintToken(MEMBER)}`;
  const organization = await fetch(`${service.url}/organizations`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rowing Club' }),
  });
  t.is(organization.status, 201);

  const before = await statementCounts(service.url);
  const answers = [];
  for (let n = 0; n < 3; n += 1) answers.push(await fetch(`${service.url}/users/me`, { headers: { authorization } }));
  const after = await statementCounts(service.url);

  t.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 200],
  );
  const me = (await answers[2]!.json()) as {
    user: { idpId: string };
    memberships: { organizationName: string; role: string; status: string }[];
  };
  t.is(me.user.idpId, MEMBER);
  t.deepEqual(
    me.memberships.map(({ organizationName, role, status }) => [organizationName, role, status]),
    [['Rowing Club', 'owner', 'active']],
  );
  t.deepEqual(
    {
      callers: after.callers_find_by_idp_id - before.callers_find_by_idp_id,
      users: after.users_find_by_idp_id - before.users_find_by_idp_id,
      memberships: after.memberships_list_for_user - before.memberships_list_for_user,
    },
    { callers: 3, users: 0, memberships: 0 },
  );
});
