import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import test from 'ava';

/** Where Redis is looked for when `TEST_REDIS_URL` is not set: the machine's default port. */
const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

const endpointOf = (url: string): { host: string; port: number } => {
  const parsed = new URL(url);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 6379) };
};

/** Sends one command in RESP and returns the raw reply (enough for PING and KEYS). */
export const redisCommand = (url: string, args: readonly string[], timeoutMs = 1_000): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(endpointOf(url));
    let reply = '';
    const done = (error?: Error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve(reply);
    };
    socket.setTimeout(timeoutMs, () => done(new Error(`Redis did not answer within ${timeoutMs} ms`)));
    socket.on('error', done);
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      // Complete once the reply parses: a simple line, or an array whose every element has arrived.
      if (/^[+\-:]/.test(reply) && reply.endsWith('\r\n')) return done();
      const header = /^\*(-?\d+)\r\n/.exec(reply);
      if (header && reply.endsWith('\r\n') && (Number(header[1]) <= 0 || reply.split('\r\n').length - 1 >= 1 + 2 * Number(header[1])))
        done();
    });
    socket.write(`*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`);
  });

/** The keys under `prefix` (KEYS is fine on a test Redis). */
export const redisKeys = async (url: string, prefix: string): Promise<string[]> => {
  const reply = await redisCommand(url, ['KEYS', `${prefix}*`]);
  return reply.split('\r\n').filter((line, index) => index > 0 && line !== '' && !line.startsWith('$'));
};

const answers = async (url: string): Promise<boolean> => (await redisCommand(url, ['PING']).catch(() => '')).startsWith('+PONG');

/**
 * The Redis the shared-limiter suites run against, treated as PostgreSQL is: `TEST_REDIS_URL` when
 * it is set (a Redis that then does not answer fails those suites, loudly: `.ci/run` sets it), else
 * the machine's default port when a Redis answers there, else none (see {@link reportRedisNotRun}).
 */
export const TEST_REDIS_URL: string | undefined = await (async () => {
  const configured = process.env['TEST_REDIS_URL']?.trim();
  if (configured) return configured;
  return (await answers(LOCAL_REDIS_URL)) ? LOCAL_REDIS_URL : undefined;
})();

/** Reports a file's Redis cases as not run: one skipped test, never a pass (the run's summary says so). */
export const reportRedisNotRun = (title: string): void => {
  test.skip(`${REDIS_NOT_RUN}: ${title}`, (t) => t.fail('not run'));
};

/** The start of every Redis not-run title, which `scripts/run-tests.mjs` counts. */
export const REDIS_NOT_RUN = 'Redis subject not run';

/**
 * Registers a file's cases that need Redis, given its URL, when there is one; otherwise reports them
 * as not run, once, under `notRun`.
 */
export const withRedis = (notRun: string, register: (redisUrl: string) => void): void => {
  if (TEST_REDIS_URL === undefined) reportRedisNotRun(notRun);
  else register(TEST_REDIS_URL);
};

/** A key prefix of its own for one test run, so that runs (and parallel files) never share counts. */
export const uniqueKeyPrefix = (label: string): string => `idv-test:${label}:${process.pid}:${randomBytes(6).toString('hex')}`;
