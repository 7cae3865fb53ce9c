import autocannon from 'autocannon';
import { runWrk } from './wrk.js';

/** One request exactly as it goes on the wire. */
export interface PreparedRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** What to send in one window: either a small set cycled through, or a supply used at most once each. */
export interface RequestPlan {
  readonly requests: readonly PreparedRequest[];
  /** true: cycle (reused tokens); false: each request at most once, the window ends early when they run out. */
  readonly cycle: boolean;
}

/** What the driver saw in one window. */
export interface DriveResult {
  /** Responses received (any status). */
  readonly requests: number;
  readonly seconds: number;
  /** Latencies of 2xx responses, ms. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** The supply ran out before the time did (the window was shorter than asked). */
  readonly exhausted: boolean;
  /** Requests sent more than once because the supply ran out (wrk cannot stop early). */
  readonly repeated: number;
}

/** Drives `url` with `plan` at `connections` for at most `seconds`. */
export type DriveFunction = (url: string, plan: RequestPlan, seconds: number, connections: number) => Promise<DriveResult>;

/** A load generator. */
export interface Driver {
  readonly name: string;
  /** It runs inside this process (so its CPU is this process's CPU). */
  readonly inProcess: boolean;
  readonly run: DriveFunction;
}

/** The value at quantile `q` of ascending `sorted`. */
export const quantile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]!;

// autocannon's own latency histogram has 1 ms resolution; record exact latencies from its
// `response` event instead (the hot paths answer in about a millisecond).
const runAutocannon: DriveFunction = (url, plan, seconds, connections) =>
  new Promise((resolve, reject) => {
    const total = plan.requests.length;
    let next = 0;
    let latencies = new Float64Array(Math.max(1024, plan.cycle ? 65_536 : total + connections));
    let count = 0;
    let non2xx = 0;
    const started = performance.now();
    let finished = 0;
    const instance = autocannon(
      {
        url,
        connections,
        pipelining: 1,
        ...(plan.cycle ? { duration: seconds } : { amount: total, duration: seconds + 3600 }),
        requests: [
          {
            setupRequest: (request) => {
              // Past the supply (a connection pre-building a request it will not send), repeat the last.
              const chosen = plan.requests[plan.cycle ? next++ % total : Math.min(next++, total - 1)]!;
              return {
                ...request,
                method: chosen.method,
                path: chosen.path,
                headers: chosen.headers,
                ...(chosen.body === undefined ? {} : { body: chosen.body }),
              };
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error !== null && error !== undefined) return reject(error);
        finished = performance.now();
        const sorted = latencies.subarray(0, count).sort();
        const responses = count + non2xx;
        resolve({
          requests: responses,
          seconds: (finished - started) / 1000,
          p50Ms: quantile(sorted, 0.5),
          p99Ms: quantile(sorted, 0.99),
          non2xx,
          errors: result.errors,
          exhausted: !plan.cycle && responses >= total,
          repeated: 0,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status < 200 || status > 299) {
        non2xx += 1;
        return;
      }
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
    // autocannon honours stop() at its next one-second tick: ask just before the tick that ends the window.
    const timer = setTimeout(() => instance.stop(), Math.max(0, seconds * 1000 - 100));
  });

/** The driver `BENCH_DRIVER` names; `version` goes into the report's header. */
export const driverFor = (name: 'autocannon' | 'wrk', version: string): Driver =>
  name === 'wrk'
    ? { name: `wrk ${version}`, inProcess: false, run: runWrk }
    : { name: `autocannon ${version}`, inProcess: true, run: runAutocannon };
