// npm run bench:instructions: instructions per request, counted by callgrind, for the service and the
// limit (a). Unlike req/s on a shared 2-core VM, the delivery path's count repeats to 0.1-0.4 % between
// runs whose V8 collector did about the same work (its part depends on timing, so it is printed apart),
// so it shows changes of 1 % that the interleaved rounds of `npm run bench` cannot; the /users/me paths
// still move by 6-11 % (docs/performance.md). It counts user-space instructions only: not system calls,
// not cache misses, not time. Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callgrindWrapper, dumpCounts, hasValgrind, zeroCounts, type InstructionCounts } from './callgrind.js';
import type { ServerChild } from './children.js';
import { cleanUpOnSignals } from './cleanup.js';
import { readConfig } from './config.js';
import { createScratchDatabase } from './database.js';
import { deliveryFactory, sessionIdOf, type Delivery, type DeliveryFactory } from './deliveries.js';
import { httpClient } from './http-client.js';
import { createIdentity } from './identity.js';
import { startProviderStub } from './provider-stub.js';
import { migrateDatabase, startReference, startService } from './servers.js';
import { signerOf, tokenMinter } from './tokens.js';

const number = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: expected a positive integer, got ${process.env[name]}`);
  return value;
};

const WARMUP = number('BENCH_INSTR_WARMUP', 6000);
const REQUESTS = number('BENCH_INSTR_REQUESTS', 2000);
// A process that has run one transaction has enabled the AsyncLocalStorage that carries it (the
// request scopes' one, in the service), and every later promise pays for it: production does, so by
// default the service does too.
const WITH_ORGANIZATION = process.env['BENCH_INSTR_ORGANIZATION'] !== '0';
// The limit's counts do not change with the service's code: `service` alone halves an A/B run.
const SERVERS = (process.env['BENCH_INSTR_SERVERS'] ?? 'service,limit').split(',').map((name) => name.trim());
for (const name of SERVERS)
  if (name !== 'service' && name !== 'limit') throw new Error(`BENCH_INSTR_SERVERS: expected service and/or limit, got ${name}`);

type Send = () => Promise<number>;
type HttpClient = ReturnType<typeof httpClient>;
type Mint = ReturnType<typeof tokenMinter>;

interface Scenario {
  readonly name: string;
  /** The i-th request of the server `prefix` names (its users are its own). */
  readonly request: (prefix: string, index: number) => Send;
  /** Called right before counting: a reused token is minted again, so it cannot expire while counted. */
  readonly refresh?: (prefix: string) => void;
}

// V8 without background threads, and with a fixed collection schedule: its compiler and collector run
// on the counted thread, at points set by the work rather than by the clock. With background threads,
// how far compilation had got and whether a collection landed in the window moved a count by up to 13 %
// between runs of the same build; with V8's clock-driven heap sizing, the service's moved by up to 59 %.
// BENCH_INSTR_KEEP=1 keeps the callgrind files and V8's code map (--perf-basic-prof), so the counts can be
// read by function: `callgrind_annotate --inclusive=no`, JIT addresses looked up in /tmp/perf-<pid>.map.
const KEEP = process.env['BENCH_INSTR_KEEP'] === '1';
const NODE_ARGS = ['--single-threaded', '--predictable-gc-schedule', ...(KEEP ? ['--perf-basic-prof'] : [])];
// Sent uncounted between a refresh and the count: a new token is verified twice before the cache keeps it.
const REFRESHED_REQUESTS = 10;
// Tokens live 60 s, and warming a path up under callgrind can take longer: a reused token is minted again after 30 s.
const REUSE_MS = 30_000;

const scenarios = (deliveries: DeliveryFactory, mint: Mint, url: () => string, client: HttpClient): readonly Scenario[] => {
  const post =
    (delivery: Delivery): Send =>
    async () =>
      (await client.send(`${url()}/webhooks/idp`, { method: 'POST', headers: delivery.headers, body: delivery.body })).status;
  // The token is minted when the request is sent, never ahead of it.
  const me =
    (token: () => string): Send =>
    async () =>
      (await client.send(`${url()}/users/me`, { method: 'GET', headers: { authorization: `Bearer ${token()}` } })).status;
  const tokenOf = (idpId: string, jti: string): string => mint({ sub: idpId, sid: sessionIdOf(idpId), jti });
  // The users the first scenario created; the /users/me scenarios read them back.
  const user = (prefix: string, index: number): string => `user_${prefix}${index % (WARMUP + REFRESHED_REQUESTS + REQUESTS)}`;
  const reused = new Map<string, { readonly token: string; readonly mintedAt: number }>();
  let refreshes = 0;
  const mintReused = (prefix: string): string => {
    const token = tokenOf(user(prefix, 0), `${prefix}-reused-${refreshes++}`);
    reused.set(prefix, { token, mintedAt: Date.now() });
    return token;
  };
  const reusedToken = (prefix: string): string => {
    const current = reused.get(prefix);
    return current !== undefined && Date.now() - current.mintedAt < REUSE_MS ? current.token : mintReused(prefix);
  };
  return [
    { name: 'POST /webhooks/idp, user.created', request: (prefix, index) => post(deliveries.created(`user_${prefix}${index}`)) },
    {
      name: 'GET /users/me, reused token',
      request: (prefix) => me(() => reusedToken(prefix)),
      refresh: (prefix) => void mintReused(prefix),
    },
    { name: 'GET /users/me, unique tokens', request: (prefix, index) => me(() => tokenOf(user(prefix, index), `${prefix}-${index}`)) },
  ];
};

/** Warms the path, then counts the instructions of `REQUESTS` requests sent one at a time on one connection. */
const measure = async (
  server: ServerChild,
  outFile: string,
  scenario: Scenario,
  prefix: string,
  dump: number,
): Promise<InstructionCounts> => {
  const run = async (from: number, count: number): Promise<void> => {
    for (let index = from; index < from + count; index += 1) {
      const status = await scenario.request(prefix, index)();
      if (status !== 200) throw new Error(`${server.name}: ${scenario.name} answered ${status}`);
    }
  };
  await run(0, WARMUP);
  scenario.refresh?.(prefix);
  // A new reused token is verified twice before the cache keeps it; these requests take it there.
  await run(WARMUP, REFRESHED_REQUESTS);
  zeroCounts(server.pid);
  await run(WARMUP + REFRESHED_REQUESTS, REQUESTS);
  return dumpCounts(server.pid, outFile, dump);
};

const thousands = (instructions: number): string => (instructions / REQUESTS / 1000).toFixed(1);
const perRequest = (counts: InstructionCounts): string =>
  `${thousands(counts.mainThread).padStart(8)} K (${thousands(counts.collector)} K collector; +${thousands(counts.otherThreads)} K)`;
// The main thread's count without the collector's part, which depends on timing (see `collectorInstructions`).
const outsideCollector = (counts: InstructionCounts): number => counts.mainThread - counts.collector;

const main = async (): Promise<void> => {
  cleanUpOnSignals();
  // The same server and pool size as `npm run bench` (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else local).
  const { databaseUrl, poolSize } = readConfig(process.env);
  if (!hasValgrind()) throw new Error('valgrind is not on PATH (apt-get install valgrind)');
  const folder = mkdtempSync(join(tmpdir(), 'idv-instructions-'));
  const identity = await createIdentity();
  const database = await createScratchDatabase(databaseUrl);
  // The service migrates its database as it starts; a count of the limit alone needs the tables too.
  if (!SERVERS.includes('service')) migrateDatabase(database.url);
  const provider = await startProviderStub();
  const client = httpClient(1);
  let current: ServerChild | undefined;
  const deliveries = deliveryFactory(identity);
  const mint = tokenMinter(signerOf(identity));
  const list = scenarios(deliveries, mint, () => current!.url, client);
  const results = new Map<string, InstructionCounts[]>();
  try {
    for (const kind of (['service', 'limit'] as const).filter((name) => SERVERS.includes(name))) {
      const outFile = join(folder, `${kind}.callgrind`);
      const wrapper = callgrindWrapper(outFile);
      const logFile = join(folder, `${kind}.log`);
      process.stderr.write(`${kind}: starting under callgrind\n`);
      current =
        kind === 'service'
          ? await startService({
              name: 'service',
              identity,
              providerUrl: provider.url,
              backend: { kind: 'postgres', url: database.url },
              logLevel: 'info',
              logFile,
              wrapper,
              nodeArgs: NODE_ARGS,
            })
          : await startReference({ kind: 'limit', identity, databaseUrl: database.url, poolSize, logFile, wrapper, nodeArgs: NODE_ARGS });
      if (kind === 'service' && WITH_ORGANIZATION) await createOrganization(deliveries, mint, current.url, client);
      for (const [index, scenario] of list.entries()) {
        process.stderr.write(`${kind}: ${scenario.name}: ${WARMUP} to warm up, ${REQUESTS} counted\n`);
        const counts = await measure(current, outFile, scenario, kind, index + 1);
        results.set(scenario.name, [...(results.get(scenario.name) ?? []), counts]);
      }
      await current.stop();
    }
  } finally {
    client.close();
    await provider.close();
    await database.drop();
    if (KEEP) process.stderr.write(`callgrind files kept in ${folder} (dump 1, 2, 3: the scenarios in order)\n`);
    else rmSync(folder, { recursive: true, force: true });
  }
  console.log(
    `instructions per request (main thread, of which V8's collector; + other threads), ${REQUESTS} requests after ${WARMUP} to warm up; service ${WITH_ORGANIZATION ? 'after one organization write' : 'with no transaction run'}`,
  );
  const both = SERVERS.includes('service') && SERVERS.includes('limit');
  console.log(
    `${'scenario'.padEnd(36)}${SERVERS.map((name) => (name === 'limit' ? '(a) limit' : name).padStart(40)).join('')}${both ? '   service ÷ limit (outside the collector)' : ''}`,
  );
  for (const [name, counts] of results) {
    const [service, limit] = counts;
    const ratio = both
      ? `   ${(service!.mainThread / limit!.mainThread).toFixed(2)}× (${(outsideCollector(service!) / outsideCollector(limit!)).toFixed(2)}×)`
      : '';
    console.log(`${name.padEnd(36)}${counts.map((count) => perRequest(count).padStart(40)).join('')}${ratio}`);
  }
};

const createOrganization = async (deliveries: DeliveryFactory, mint: Mint, url: string, client: HttpClient): Promise<void> => {
  const owner = 'user_owner0';
  const delivery = deliveries.created(owner);
  await client.send(`${url}/webhooks/idp`, { method: 'POST', headers: delivery.headers, body: delivery.body });
  const token = mint({ sub: owner, sid: sessionIdOf(owner), jti: 'owner0' });
  const answer = await client.send(`${url}/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Counted Gym' }),
  });
  if (answer.status !== 201) throw new Error(`POST /organizations answered ${answer.status}: ${answer.body}`);
};

main().catch((error: unknown) => {
  process.stderr.write(`bench:instructions failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
