import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DriveFunction, PreparedRequest } from './drive.js';

// Each wrk thread loads the prepared raw requests and takes every `stride`-th one from its own
// offset, so no request is sent twice until the supply wraps (wrk cannot stop early).
const SCRIPT = `
local counter = 0
function setup(thread) thread:set("id", counter); counter = counter + 1 end
function init(args)
  local file = io.open(args[1], "rb"); local data = file:read("*a"); file:close()
  reqs = {}; n = 0
  for raw in string.gmatch(data, "(.-)%z") do n = n + 1; reqs[n] = raw end
  stride = tonumber(args[2]); i = id
end
function request() local raw = reqs[(i % n) + 1]; i = i + stride; return raw end
`;

const raw = (host: string, request: PreparedRequest): string => {
  const body = request.body ?? '';
  const headers = {
    host,
    ...request.headers,
    ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
  };
  return `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n${body}\0`;
};

const toMs = (value: string, unit: string): number =>
  Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[unit]!;

const latencyAt = (output: string, percent: string): number => {
  const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  return match === null ? Number.NaN : toMs(match[1]!, match[2]!);
};

/** Drives with `wrk --latency` (coordinated-omission-corrected percentiles, as wrk reports them). */
export const runWrk: DriveFunction = async (url, plan, seconds, connections) => {
  const folder = mkdtempSync(join(tmpdir(), 'idv-bench-wrk-'));
  try {
    const host = new URL(url).host;
    const threads = Math.min(2, connections);
    writeFileSync(join(folder, 'requests'), plan.requests.map((request) => raw(host, request)).join(''));
    writeFileSync(join(folder, 'script.lua'), SCRIPT);
    const started = performance.now();
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        'wrk',
        [
          '--latency',
          '-t',
          String(threads),
          '-c',
          String(connections),
          '-d',
          `${Math.max(1, Math.round(seconds))}s`,
          '-s',
          join(folder, 'script.lua'),
          url,
          '--',
          join(folder, 'requests'),
          String(threads),
        ],
        { maxBuffer: 1 << 20 },
        (error, stdout) => (error === null ? resolve(stdout) : reject(error)),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const summary = /(\d+) requests in ([\d.]+)(us|ms|s|m)\b/.exec(output);
    const requests = Number(summary?.[1] ?? Number.NaN);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
    return {
      requests,
      seconds: summary === null ? elapsed : toMs(summary[2]!, summary[3]!) / 1000,
      p50Ms: latencyAt(output, '50'),
      p99Ms: latencyAt(output, '99'),
      non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
      errors: socketErrors === null ? 0 : socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0),
      exhausted: false,
      repeated: plan.cycle ? 0 : Math.max(0, requests - plan.requests.length),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
