// Runs ava with its TAP reporter and ends with the one plain line CI reads: "ava: N passed, M failed".
// Before ava it starts the end-to-end environment (the provider emulator and the service, each in
// its own process, plus the signed-in state file) and stops it afterwards, whatever ava's result.
// The exit code is ava's own; a failed e2e setup counts as one more failure and makes it non-zero.
// A run of the whole suite then checks what the e2e service reported: its /metrics
// shows every family, and the Sentry and PostHog stand-ins it was pointed at got the expected
// events and no secret; a broken rule is one more failure too.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = ['ava', '--tap', ...process.argv.slice(2)];
// Only a run of the whole suite checks what the e2e service reported (metrics, vendors).
const wholeSuite = process.argv.length === 2;
const postgresConfigured = Boolean(process.env.TEST_DATABASE_URL?.trim());
if (!postgresConfigured) {
  console.log('# TEST_DATABASE_URL is not set: the PostgreSQL suites will not run (the contract suites run on the fakes and PGlite).');
}
const redisConfigured = Boolean(process.env.TEST_REDIS_URL?.trim());
if (!redisConfigured) {
  console.log('# TEST_REDIS_URL is not set: the shared-limiter suites run only if a Redis answers on 127.0.0.1:6379.');
}

const SETUP_MODULE = new URL('../tests/dist/e2e/environment/start-e2e-environment.js', import.meta.url);
let environment;
let setupFailure;
try {
  const { startE2eEnvironment } = await import(SETUP_MODULE.href);
  environment = await startE2eEnvironment();
  console.log(`# e2e environment: service ${environment.serviceUrl}, provider emulator ${environment.providerUrl}`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  setupFailure = message.split('\n')[0];
  console.log(
    message
      .split('\n')
      .map((line, index) => `# ${index === 0 ? 'e2e setup failed: ' : '  '}${line}`)
      .join('\n'),
  );
}

const stopEnvironment = async () => {
  try {
    await environment?.stop();
  } catch (error) {
    console.log(`# e2e teardown failed: ${error instanceof Error ? error.message : String(error)}`);
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stopEnvironment().then(() => process.exit(130)));
}

const env = { ...process.env };
if (environment) env.E2E_STATE_FILE = environment.stateFile;
else env.E2E_SETUP_FAILED = setupFailure;

const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'], env });
let passed = 0;
let failed = 0;
let skipped = 0;
let redisNotRun = 0;
let pdftoppmNotRun = 0;
let chromiumNotRun = 0;
const lines = createInterface({ input: child.stdout });
lines.on('line', (line) => {
  console.log(line);
  const pass = /^# pass (\d+)/.exec(line);
  const fail = /^# fail (\d+)/.exec(line);
  if (pass) passed = Number(pass[1]);
  const skip = /^# skip (\d+)/.exec(line);
  if (fail) failed = Number(fail[1]);
  if (skip) skipped = Number(skip[1]);
  if (/^ok \d+ .*# SKIP/.test(line) && line.includes('Redis subject not run')) redisNotRun += 1;
  if (/^ok \d+ .*# SKIP/.test(line) && line.includes('pdftoppm not run')) pdftoppmNotRun += 1;
  if (/^ok \d+ .*# SKIP/.test(line) && line.includes('chromium not run')) chromiumNotRun += 1;
});
// After the suite: /metrics shows every family, the vendors' stand-ins got the E2E user's sign-up and
// no secret. A broken rule counts as one more failure.
const checkObservability = async () => {
  if (!wholeSuite || !environment) return 0;
  try {
    const report = await environment.finish();
    console.log(`# observability after the e2e suite: ${report.figures}`);
    for (const problem of report.problems) console.log(`# observability check failed: ${problem}`);
    return report.problems.length === 0 ? 0 : 1;
  } catch (error) {
    console.log(`# observability check failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
};

child.on('close', async (code) => {
  const observabilityFailed = await checkObservability();
  await stopEnvironment();
  const setupFailed = (setupFailure === undefined ? 0 : 1) + observabilityFailed;
  // PostgreSQL cases that did not run are skipped tests, never counted as passed.
  if (!postgresConfigured)
    console.log(`# PostgreSQL suites were NOT run: TEST_DATABASE_URL is unset (${skipped} skipped, not counted as passed)`);
  if (redisNotRun > 0)
    console.log(
      `# Redis suites were NOT run: TEST_REDIS_URL is unset and no Redis answered on 127.0.0.1:6379 (${redisNotRun} files, not counted as passed)`,
    );
  if (pdftoppmNotRun > 0)
    console.log(`# PDF page rendering was NOT run: pdftoppm (poppler-utils) is missing (${pdftoppmNotRun} cases, not counted as passed)`);
  if (chromiumNotRun > 0) console.log(`# Browser cases were NOT run: chromium is missing (${chromiumNotRun} cases, not counted as passed)`);
  console.log(`ava: ${passed} passed, ${failed + setupFailed} failed`);
  process.exit(setupFailed > 0 && code === 0 ? 1 : (code ?? 1));
});
