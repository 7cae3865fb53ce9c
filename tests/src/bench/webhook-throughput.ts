// Benchmark (not a test; asserts nothing): webhook ingestion and /users/me over real sockets, on
// embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL, reported side by side and as
// ratios measured in one run. Run: npm run bench
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userCreatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest } from '../support/service-under-test.js';
import { createScratchDatabase } from '../persistence/support/scratch-database.js';

const DELIVERIES = Number(process.env['BENCH_DELIVERIES'] ?? 400);
const IN_FLIGHT = 20;

interface Figures {
  readonly sequentialPerSecond: number;
  readonly concurrentPerSecond: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly mePerSecond: number;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const timed = async (work: () => Promise<void>): Promise<number> => {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
};

const deliverAll = async (url: string, provider: TestProvider, prefix: string, concurrency: number, latencies: number[]) => {
  let next = 0;
  const worker = async () => {
    while (next < DELIVERIES) {
      const body = JSON.stringify(userCreatedEvent({ id: `user_${prefix}${next++}` }));
      const headers = provider.sign(body);
      latencies.push(
        await timed(async () => {
          const response = await fetch(`${url}/webhooks/idp`, { method: 'POST', headers, body });
          if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
          await response.arrayBuffer();
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
};

const measure = async (provider: TestProvider, env: Record<string, string>, tag: string): Promise<Figures> => {
  const service = await startServiceUnderTest({ ...providerEnv(provider, env), LOG_LEVEL: 'warn' });
  try {
    const sequential: number[] = [];
    const sequentialMs = await timed(() => deliverAll(service.url, provider, `${tag}seq`, 1, sequential));
    const concurrent: number[] = [];
    const concurrentMs = await timed(() => deliverAll(service.url, provider, `${tag}par`, IN_FLIGHT, concurrent));
    const token = await provider.mintToken(`user_${tag}seq0`);
    const meMs = await timed(async () => {
      for (let i = 0; i < DELIVERIES; i += 1) {
        const response = await fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
        if (response.status !== 200) throw new Error(`/users/me answered ${response.status}`);
        await response.arrayBuffer();
      }
    });
    const sorted = [...sequential].sort((a, b) => a - b);
    return {
      sequentialPerSecond: (DELIVERIES / sequentialMs) * 1000,
      concurrentPerSecond: (DELIVERIES / concurrentMs) * 1000,
      p50Ms: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      mePerSecond: (DELIVERIES / meMs) * 1000,
    };
  } finally {
    await service.close();
  }
};

const row = (label: string, f: Figures) =>
  `${label.padEnd(11)} ${f.sequentialPerSecond.toFixed(0).padStart(8)} ${f.concurrentPerSecond.toFixed(0).padStart(10)} ${f.p50Ms.toFixed(2).padStart(8)} ${f.p95Ms.toFixed(2).padStart(8)} ${f.mePerSecond.toFixed(0).padStart(9)}`;

const provider = await startTestProvider();
const dataDir = mkdtempSync(join(tmpdir(), 'idv-bench-'));
const scratch = process.env['TEST_DATABASE_URL'] ? await createScratchDatabase(process.env['TEST_DATABASE_URL']) : undefined;
try {
  process.stdout.write(`${DELIVERIES} signed user.created deliveries (new users) and ${DELIVERIES} GET /users/me, over loopback\n`);
  process.stdout.write(`backend     seq/s   ${IN_FLIGHT}-way/s   p50 ms   p95 ms   /me/s\n`);
  const lite = await measure(provider, { DATA_DIR: join(dataDir, 'lite') }, 'lite');
  process.stdout.write(`${row('PGlite', lite)}\n`);
  if (scratch) {
    const pg = await measure(provider, { DATA_DIR: join(dataDir, 'pg'), DATABASE_URL: scratch.url }, 'pg');
    process.stdout.write(`${row('PostgreSQL', pg)}\n`);
    process.stdout.write(
      `PostgreSQL / PGlite: sequential ${(pg.sequentialPerSecond / lite.sequentialPerSecond).toFixed(2)}x, ` +
        `${IN_FLIGHT}-way ${(pg.concurrentPerSecond / lite.concurrentPerSecond).toFixed(2)}x, /users/me ${(pg.mePerSecond / lite.mePerSecond).toFixed(2)}x\n`,
    );
  } else {
    process.stdout.write('PostgreSQL not measured: set TEST_DATABASE_URL to compare.\n');
  }
} finally {
  await scratch?.drop();
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
}
