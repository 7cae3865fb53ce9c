import test from 'ava';
import { Writable } from 'node:stream';
import { RequestScopes } from '@idv/adapters-observability';
import { createLogger } from './create-logger.js';
import { REDACTED_PATHS } from './redacted-paths.js';
import { mayNeedRedaction } from './service-logger.js';

// Speed (docs/performance.md): lines redaction cannot change skip it, and a request's id is bound once per request.
// These tests pin down that neither shortcut changes what a line says.

const capture = (scopes?: RequestScopes) => {
  const lines: string[] = [];
  const sink = new Writable({
    write: (chunk, _encoding, done) => (
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line !== ''),
      ),
      done()
    ),
  });
  const logger = createLogger('debug', sink as never, scopes);
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, records };
};

const withoutTime = ({ time: _time, ...rest }: Record<string, unknown>) => rest;

test('a flat line of ordinary keys is written exactly as the redacting path would write it', (t) => {
  const { logger, records } = capture();
  logger.info({ eventType: 'user.created', idpId: 'user_1', attempts: 3, replay: false, missing: null }, 'idp webhook accepted');
  // An object field sends the same values through redaction; both must read alike.
  logger.info(
    { eventType: 'user.created', idpId: 'user_1', attempts: 3, replay: false, missing: null, nested: {} },
    'idp webhook accepted',
  );
  const [flat, redacted] = records().map(withoutTime);
  t.deepEqual({ ...flat, nested: {} }, redacted);
  t.is(flat?.['service'], 'idv-membership');
});

test('every top-level redacted key is redacted on a flat line', (t) => {
  const topLevel = REDACTED_PATHS.filter((path) => !/[.[]/.test(path));
  t.true(topLevel.includes('email'));
  const { logger, lines } = capture();
  for (const key of topLevel) logger.warn({ [key]: 'secret-value-1234', route: '/x' }, 'line');
  t.is(lines.length, topLevel.length);
  t.true(lines.every((line) => !line.includes('secret-value-1234') && line.includes('[REDACTED]')));
});

test('a nested secret is redacted', (t) => {
  const { logger, lines } = capture();
  logger.error({ user: { email: 'ada@example.com' }, headers: { authorization: 'Bearer abc.def.ghi' }, count: 1 }, 'line');
  t.false(lines[0]?.includes('ada@example.com'));
  t.false(lines[0]?.includes('abc.def.ghi'));
});

test('mayNeedRedaction: only flat lines without redacted keys skip redaction', (t) => {
  t.false(mayNeedRedaction({ eventType: 'user.updated', idpId: 'user_1', durationMs: 1.2 }));
  t.false(mayNeedRedaction({}));
  t.true(mayNeedRedaction({ token: 'x' }));
  t.true(mayNeedRedaction({ detail: { token: 'x' } }));
  t.true(mayNeedRedaction({ ids: ['a'] }));
});

test('lines written during a request carry its id once; a line naming the id itself keeps its own', async (t) => {
  const scopes = new RequestScopes();
  const { logger, lines, records } = capture(scopes);
  logger.info({ step: 'outside' }, 'before');
  await scopes.run('req-42', async () => {
    logger.info({ step: 'flat' }, 'during');
    logger.info({ step: 'nested', detail: { email: 'ada@example.com' } }, 'during');
    await Promise.resolve();
    logger.debug({ step: 'flat again' }, 'during');
    logger.info({ requestId: 'req-42', route: '/users/me', status: 200 }, 'request');
  });
  await scopes.run('req-43', async () => logger.info({ step: 'other request' }, 'during'));
  const ids = records().map((record) => record['requestId']);
  t.deepEqual(ids, [undefined, 'req-42', 'req-42', 'req-42', 'req-42', 'req-43']);
  t.true(lines.every((line) => (line.match(/"requestId"/g) ?? []).length <= 1));
  t.false(lines.some((line) => line.includes('ada@example.com')));
});

test('a line below the level is not written, inside a request or outside', async (t) => {
  const scopes = new RequestScopes();
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const logger = createLogger('info', sink as never, scopes);
  logger.debug({ step: 'outside' }, 'hidden');
  await scopes.run('req-1', async () => logger.debug({ step: 'inside' }, 'hidden'));
  logger.info({ step: 'shown' }, 'shown');
  t.is(lines.length, 1);
  t.true(lines[0]?.includes('"shown"'));
});
