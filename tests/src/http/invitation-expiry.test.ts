import anyTest, { type TestFn } from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, startServer } from '@idv/server';
import { ENTRY_POINTS } from '../e2e/environment/repo-paths.js';
import { runExpectingFailure } from '../support/entry-point-failure.js';
import { reportPostgresNotRun } from '../persistence/support/backends.js';
import { createScratchDatabase, runOnce, type ScratchDatabase } from '../persistence/support/scratch-database.js';
import { organizationWithMembers, startEmulatedService } from '../support/emulated-service.js';
import { LogCapture } from '../support/log-capture.js';

// INVITATION_TTL_DAYS, and expiry seen over HTTP (on PostgreSQL, where the test can move a row's expiry).
const test = anyTest as TestFn<{ scratch?: ScratchDatabase }>;
const POSTGRES_URL = process.env['TEST_DATABASE_URL'];
const DAY_MS = 86_400_000;

test.before(async (t) => {
  t.context = POSTGRES_URL ? { scratch: await createScratchDatabase(POSTGRES_URL) } : {};
});
test.after.always(async (t) => {
  await t.context.scratch?.drop();
});

for (const value of ['0', 'abc', '366', '1.5']) {
  test(`INVITATION_TTL_DAYS=${value} refuses to start with one line naming the variable`, async (t) => {
    const error = await t.throwsAsync(startServer({ PORT: '0', INVITATION_TTL_DAYS: value }, { logDestination: new LogCapture() }), {
      instanceOf: ConfigError,
    });
    t.deepEqual(error?.problems, [`INVITATION_TTL_DAYS: expected a whole number of days from 1 to 365, got "${value}"`]);
  });
}

test('the server process with INVITATION_TTL_DAYS=0 exits 1 printing that one line', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-ttl-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { PATH: process.env['PATH'] ?? '', PORT: '0', DATA_DIR: dataDir, INVITATION_TTL_DAYS: '0' };
  const failure = await runExpectingFailure(ENTRY_POINTS.service, env);
  t.is(failure?.code, 1);
  t.is(
    failure?.stderr,
    'Cannot start: invalid configuration\n  INVITATION_TTL_DAYS: expected a whole number of days from 1 to 365, got "0"\n',
  );
});

test("a valid INVITATION_TTL_DAYS sets each new invitation's expiresAt to about now + N days", async (t) => {
  const world = await startEmulatedService({ INVITATION_TTL_DAYS: '3' });
  t.teardown(() => world.close());
  const ownerId = await world.seedUser('ttl-owner@example.com');
  const { orgId } = await organizationWithMembers(world, ownerId, 'TTL Gym', []);
  const before = Date.now();
  const invited = await world.as(ownerId).post(`/organizations/${orgId}/invitations`, { email: 'ttl-invitee@example.com', role: 'member' });
  const after = Date.now();
  t.is(invited.status, 201);
  const expiresAt = Date.parse(invited.body.invitation.expiresAt);
  t.true(
    expiresAt >= before + 3 * DAY_MS - 1000 && expiresAt <= after + 3 * DAY_MS + 1000,
    `${invited.body.invitation.expiresAt} is 3 days after the request`,
  );
});

if (!POSTGRES_URL) {
  reportPostgresNotRun('the PostgreSQL expiry case did not run: TEST_DATABASE_URL is not set');
} else {
  test('PostgreSQL: an invitation past its expiresAt is refused with 410 InvitationExpired, shown expired, and its membership cancelled', async (t) => {
    const scratch = t.context.scratch!;
    const world = await startEmulatedService({ DATABASE_URL: scratch.url });
    t.teardown(() => world.close());
    const ownerId = await world.seedUser('expiry-owner@example.com');
    const inviteeId = await world.seedUser('expiry-invitee@example.com');
    const { orgId } = await organizationWithMembers(world, ownerId, 'Expiry Gym', []);
    const owner = world.as(ownerId);
    const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: 'expiry-invitee@example.com', role: 'coach' });
    t.is(invited.status, 201);
    // The service's clock is real: move the row's expiry into the past instead of waiting days.
    const updated = await runOnce(scratch.url, `update invitations set expires_at = now() - interval '1 minute' where id = $1`, [
      invited.body.invitation.id,
    ]);
    t.is(updated.rowCount, 1);

    const invitee = world.as(inviteeId);
    t.like(await invitee.get('/users/me/invitations'), { status: 200 });
    const accepted = await invitee.post('/invitations/accept', { token: invited.body.token });
    t.is(accepted.status, 410, JSON.stringify(accepted.body));
    t.like(accepted.body, { code: 'InvitationExpired' });
    t.like((await owner.get(`/organizations/${orgId}/invitations`)).body.items, [{ id: invited.body.invitation.id, status: 'expired' }]);
    const roster = (await owner.get(`/organizations/${orgId}/members?include=cancelled`)).body.items as Array<{
      email: string;
      status: string;
    }>;
    t.deepEqual(
      roster.filter((row) => row.email === 'expiry-invitee@example.com').map((row) => row.status),
      ['cancelled'],
    );
    t.true(
      ((await owner.get(`/organizations/${orgId}/audit`)).body.items as Array<{ action: string }>).some(
        (entry) => entry.action === 'invitation.expired',
      ),
    );
    const again = await owner.post(`/organizations/${orgId}/invitations`, { email: 'expiry-invitee@example.com', role: 'coach' });
    t.is(again.status, 201, 'an expired invitation does not block a new one');
  });
}
