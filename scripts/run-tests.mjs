// Runs ava with its TAP reporter and ends with the one plain line CI reads: "ava: N passed, M failed".
// The exit code is ava's own.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = ['ava', '--tap', ...process.argv.slice(2)];
if (!process.env.TEST_DATABASE_URL) {
  console.log('# TEST_DATABASE_URL is not set: the PostgreSQL suites run only on the in-memory fakes and PGlite.');
}
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
let passed = 0;
let failed = 0;
const lines = createInterface({ input: child.stdout });
lines.on('line', (line) => {
  console.log(line);
  const pass = /^# pass (\d+)/.exec(line);
  const fail = /^# fail (\d+)/.exec(line);
  if (pass) passed = Number(pass[1]);
  if (fail) failed = Number(fail[1]);
});
child.on('close', (code) => {
  console.log(`ava: ${passed} passed, ${failed} failed`);
  process.exit(code ?? 1);
});
