import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServer } from '@idv/server';
import { ENTRY_POINTS } from '../e2e/environment/repo-paths.js';
import { LogCapture } from '../support/log-capture.js';

const run = promisify(execFile);

test('npm run demo walks the user story, the organization story and the payments against a running development service', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-demo-'));
  const server = await startServer(
    { PORT: '0', IDP_EMULATOR_PORT: '0', PAYMENTS_EMULATOR_PORT: '0', DATA_DIR: dataDir },
    { logDestination: new LogCapture() },
  );
  t.teardown(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const { stdout } = await run(process.execPath, [ENTRY_POINTS.demo], { env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir } });
  t.log(stdout);
  const lines = stdout.split('\n');
  const after = (step: string): string[] => lines.slice(lines.findIndex((line) => line.startsWith(step)) + 1);
  t.true(lines.some((line) => line.startsWith(`Service ${server.url}`)));
  t.regex(after('7. ')[0] ?? '', /membership is owner, active\.$/);
  t.regex(
    after('7. ')[1] ?? '',
    /^ {3}Signed events go to a local receiver at http:\/\/127\.0\.0\.1:\d+\/hooks \(endpoint \S+; its whsec_ secret is shown once\)\.$/,
  );
  // The receiver verified every delivery with standardwebhooks, the role change's among them.
  const received = after('   The local receiver verified each delivery with standardwebhooks; it received, in order of arrival:');
  const deliveries = received.slice(
    0,
    received.findIndex((line) => !/^ {3}[a-z_]+\.[a-z_]+ +evt_/.test(line)),
  );
  t.true(deliveries.length >= 4, deliveries.join('\n'));
  t.true(
    deliveries.every((line) => /^ {3}[a-z_.]+ +evt_[0-9a-f]{32} {2}verified$/.test(line)),
    deliveries.join('\n'),
  );
  t.true(deliveries.some((line) => line.trim().startsWith('membership.updated ')));
  t.true(deliveries.some((line) => line.trim().startsWith('invitation.accepted ')));
  t.regex(after('8. ')[0] ?? '', /^ {3}Invitation pending, expires .+; membership invited\.$/);
  t.regex(after('9. ')[0] ?? '', /^ {3}The link answers 302, to http:\/\/localhost:3000\/sign-up \(sign_up\)\.$/);
  t.regex(after('10. ')[0] ?? '', /: member, active\.$/);
  t.regex(after('11. ')[0] ?? '', /is now coach, active\.$/);
  t.regex(
    after('12. ')[0] ?? '',
    /^ {3}Signing link \(answered once; open it in a browser for the hosted page\): http:\/\/127\.0\.0\.1:\d+\/sign\/[A-Za-z0-9_-]{43}$/,
  );
  t.regex(after('13. ')[0] ?? '', /^ {3}Receipt rcpt_[0-9a-f]{32}, signed at \S+\.$/);
  t.regex(after('14. ')[0] ?? '', /^ {3}Liability waiver v1: signed, receipt rcpt_[0-9a-f]{32}\.$/);
  const pdfLine =
    /^ {3}Its compliance PDF \(GET \/organizations\/\S+\/agreements\/\S+\/pdf, compliance\.read, audited\): \d+ bytes, SHA-256 ([0-9a-f]{64})\.$/.exec(
      after('14. ')[1] ?? '',
    );
  t.truthy(pdfLine, after('14. ')[1]);
  t.regex(after('14. ')[2] ?? '', /^ {3}GET …\/verify\?sha256=<that hash>: produced by the service, rendered at \S+\.$/);
  const altered = /^ {3}A copy with its last byte changed \(SHA-256 ([0-9a-f]{64})\): not produced\.$/.exec(after('14. ')[3] ?? '');
  t.truthy(altered, after('14. ')[3]);
  t.not(altered?.[1], pdfLine?.[1], 'the changed copy has another hash');
  t.deepEqual(
    after('15. ')
      .slice(0, 8)
      .map((line) => /^ {3}\S+ {2}(\S+)\s+by (the \w+)/.exec(line)?.slice(1)),
    [
      ['compliance.read', 'the owner'],
      ['agreement.signed', 'the invitee'],
      ['agreement.requested', 'the owner'],
      ['agreement_template.created', 'the owner'],
      ['membership.role_changed', 'the owner'],
      ['invitation.accepted', 'the invitee'],
      ['invitation.created', 'the owner'],
      ['organization.created', 'the owner'],
    ],
  );
  t.regex(after('16. ')[1] ?? '', /^ {3}The payer pays; PayTR notifies the service, which answers 200 "OK"\.$/);
  t.regex(after('16. ')[2] ?? '', /^ {3}GET …\/payments\/\S+: succeeded, 150\.00 TRY\.$/);
  t.regex(
    after('17. ')[1] ?? '',
    /^ {3}The payer completes 3DS; the browser posts the signed result \(mdStatus 1\) to http:\/\/127\.0\.0\.1:\d+\/payments\/callbacks\/iyzico\/3ds\.$/,
  );
  t.regex(
    after('17. ')[2] ?? '',
    /^ {3}The service takes the money \(3DS auth\) and answers 303, to http:\/\/localhost:3000\/payments\/result\?tx=\S+&status=succeeded$/,
  );
  t.regex(after('17. ')[3] ?? '', /^ {3}GET …\/payments\/\S+: succeeded, 99\.90 TRY\.$/);
  t.deepEqual(
    after('18. ')
      .slice(0, 2)
      .map((line) => line.trim().split(/\s+/)[0]),
    ['iyzico', 'paytr'],
  );
  t.regex(after('19. ')[0] ?? '', /^ {3}Plan \S+: Monthly, 1500\.00 TRY a month\.$/);
  t.regex(after('20. ')[0] ?? '', /^ {3}Purchase paid, valid until \S+; next: sign_agreements\.$/);
  t.regex(after('20. ')[1] ?? '', /receipt rcpt_[0-9a-f]{32}; next: check_email\.$/);
  t.regex(after('21. ')[0] ?? '', /^ {3}GET \/users\/me as the buyer: member, active, valid until \S+\.$/);
  t.is(after('21. ')[1], '   The purchase is now completed.');
  t.true(lines.some((line) => line.startsWith('22. Delete the owner')));
  t.true(lines.includes('   410 Gone: the service remembers the user was deleted.'));
  t.regex(
    stdout,
    /Done: .*invite, accept, role change, a signed waiver with its verified PDF, audit, payments through PayTR and iyzico 3DS, and a visitor’s purchase of a plan that made them a member\.\n$/,
  );
});
