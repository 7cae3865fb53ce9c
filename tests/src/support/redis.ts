import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { promisify } from 'node:util';

/** The machine's Redis, which the shared-limiter suites run against (never skipped). */
export const REDIS_URL = 'redis://127.0.0.1:6379';

const run = promisify(execFile);

/** Sends one command in RESP and returns the raw reply (enough for PING and KEYS). */
export const redisCommand = (args: readonly string[], timeoutMs = 1_000): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: 6379 });
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
      if (header && reply.endsWith('\r\n') && (Number(header[1]) <= 0 || reply.split('\r\n').length - 1 >= 1 + 2 * Number(header[1]))) done();
    });
    socket.write(`*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`);
  });

/** The keys under `prefix` (KEYS is fine on a test Redis). */
export const redisKeys = async (prefix: string): Promise<string[]> => {
  const reply = await redisCommand(['KEYS', `${prefix}*`]);
  return reply.split('\r\n').filter((line, index) => index > 0 && line !== '' && !line.startsWith('$'));
};

const answers = async (): Promise<boolean> => (await redisCommand(['PING']).catch(() => '')).startsWith('+PONG');

/**
 * Makes sure the local Redis answers on 127.0.0.1:6379, starting it the way `.ci/run` does when it
 * is down; throws (the test fails, loudly) when it still cannot be reached.
 */
export const ensureRedis = async (): Promise<void> => {
  if (await answers()) return;
  await run('redis-server', [
    '--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', '6379', '--save', '', '--appendonly', 'no',
    '--dir', '/var/lib/redis', '--logfile', '/var/log/redis/ci.log',
  ]).catch((error: Error) => {
    throw new Error(`Redis is down on 127.0.0.1:6379 and redis-server could not be started: ${error.message}`);
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await answers()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Redis cannot be reached on 127.0.0.1:6379 even after starting redis-server; the shared-limiter suites must not be skipped');
};

/** A key prefix of its own for one test run, so that runs (and parallel files) never share counts. */
export const uniqueKeyPrefix = (label: string): string => `idv-test:${label}:${process.pid}:${randomBytes(6).toString('hex')}`;
