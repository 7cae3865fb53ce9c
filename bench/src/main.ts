// `npm run bench`: the service's hot paths against a hand-written limit and a typical peer, in the
// same interleaved rounds, on PostgreSQL and on embedded PGlite. Prints figures, asserts nothing.
// See docs/performance.md for what each figure means.
import { deployedNodeOptions } from './deployed-node-options.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanUpOnSignals } from './cleanup.js';
import { commandLine, readConfig } from './config.js';
import { postgresVersion } from './database.js';
import { driverFor } from './drive.js';
import { createIdentity } from './identity.js';
import { describeMachine } from './machine.js';
import { postgresVisible } from './process-stats.js';
import { startProviderStub } from './provider-stub.js';
import { formatNumber, say } from './report.js';
import { runBackend, type PeakRss } from './run-backend.js';
import { createWorkload } from './workload.js';
import { reportPdfFigures } from './documents/pdf-figures.js';
import { EVENT_DELIVERY_SCENARIO, reportEventDelivery } from './event-delivery/event-delivery-report.js';

/** `wrk`'s version when it is on PATH (`wrk --version` prints it and exits 1). */
const wrkVersion = (): string | undefined => {
  try {
    return execFileSync('wrk', ['--version'], { encoding: 'utf8' }).split(' ')[1];
  } catch (error) {
    const output = (error as { stdout?: string; status?: number }).stdout;
    return (error as { status?: number }).status === 1 && output !== undefined ? output.split(' ')[1] : undefined;
  }
};

const autocannonVersion = (): string =>
  (JSON.parse(readFileSync(new URL(import.meta.resolve('autocannon/package.json')), 'utf8')) as { version: string }).version;

cleanUpOnSignals();
const config = readConfig(process.env);
// wrk is written in C and costs the 2-core box far less CPU per request than autocannon, so
// the servers compete less with the driver; autocannon remains for machines without it.
const wrk = config.driver === 'autocannon' ? undefined : wrkVersion();
const driver = wrk === undefined ? driverFor('autocannon', autocannonVersion()) : driverFor('wrk', wrk);
const machine = describeMachine();
const usesPostgres = config.backends.includes('postgres');

say('# npm run bench');
say(`command:    ${commandLine(process.env)}`);
say(`date:       ${new Date().toISOString()}`);
say(`machine:    ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.kernel}`);
say(`node:       ${machine.node}`);
say(
  `postgresql: ${usesPostgres ? await postgresVersion(config.databaseUrl) : 'not used'}${usesPostgres && !postgresVisible() ? ' (its processes are not visible here: PG CPU is n/a)' : ''}`,
);
say(
  `settings:   ${formatNumber(config.users)} users seeded through the API; ${config.connections} connections; ${config.seconds} s windows; ` +
    `${config.rounds} interleaved round(s)${config.settleSeconds > 0 ? `, each window after an uncounted ${config.settleSeconds} s one on the same server` : ''}; driver ${driver.name}` +
    `${config.driver === 'wrk' && wrk === undefined ? ' (wrk asked for but not on PATH)' : ''}; service NODE_ENV=production NODE_OPTIONS=${deployedNodeOptions()} LOG_LEVEL=${config.logLevel}; ` +
    `reference pool size ${config.poolSize}`,
);

const identity = await createIdentity();
const workload = createWorkload(identity);
const stub = await startProviderStub();
const folder = mkdtempSync(join(tmpdir(), 'idv-bench-'));
const peaks: PeakRss[] = [];
// `BENCH_SCENARIOS=event-delivery` runs that scenario alone: no HTTP rounds, no PDF figures.
const selected = (key: string): boolean => config.scenarios === undefined || config.scenarios.includes(key);
const httpRounds = config.scenarios === undefined || config.scenarios.some((key) => key !== EVENT_DELIVERY_SCENARIO);
try {
  if (httpRounds) {
    for (const kind of config.backends) {
      peaks.push(await runBackend({ kind, config, workload, driver, providerUrl: stub.url, folder }));
    }
    say();
    say(
      `peak RSS over the whole run (VmHWM): ${peaks
        .flat()
        .map(([name, mb]) => `${name} ${formatNumber(mb)} MB`)
        .join(', ')}`,
    );
  }
  if (selected(EVENT_DELIVERY_SCENARIO) && usesPostgres) {
    await reportEventDelivery({
      serverUrl: config.databaseUrl,
      identity,
      providerUrl: stub.url,
      folder,
      logLevel: config.logLevel,
      nodeArgs: config.serviceNodeArgs,
    });
  }
} finally {
  await stub.close();
  if (config.keepLogs) process.stderr.write(`servers' logs kept in ${folder}\n`);
  else rmSync(folder, { recursive: true, force: true });
}

// Compliance PDFs, apart from the HTTP rounds: rendering time and the renderer's memory, in a process of its own.
if (httpRounds) await reportPdfFigures();
