import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import anyTest, { type TestFn } from 'ava';
import { RecordingLogger } from '@idv/core/testing';
import { turnstileBotCheck } from './turnstile-bot-check.js';

/** A local siteverify: answers what the test scripts, and keeps the forms it was sent. */
interface FakeSiteverify {
  readonly url: string;
  readonly forms: URLSearchParams[];
  answer: (response: ServerResponse) => void;
  close(): Promise<void>;
}

const startSiteverify = async (): Promise<FakeSiteverify> => {
  const forms: URLSearchParams[] = [];
  const fake = { forms, answer: (_response: ServerResponse) => {} } as { -readonly [K in keyof FakeSiteverify]: FakeSiteverify[K] };
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      forms.push(new URLSearchParams(text));
      fake.answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  fake.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return fake;
};

const json =
  (body: unknown, status = 200) =>
  (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

const PASSED = { success: true, 'error-codes': [], challenge_ts: '2026-12-06T00:00:00.000Z', hostname: 'gym.example', action: 'purchase' };

const test = anyTest as TestFn<{ siteverify: FakeSiteverify; logger: RecordingLogger }>;
test.beforeEach(async (t) => {
  t.context = { siteverify: await startSiteverify(), logger: new RecordingLogger() };
});
test.afterEach.always(async (t) => t.context.siteverify.close());

const checkOf = (t: { context: { siteverify: FakeSiteverify; logger: RecordingLogger } }, timeoutMs?: number) =>
  turnstileBotCheck({
    secretKey: '0x4AAAAAAAtestsecret',
    hostnames: ['gym.example', 'www.gym.example'],
    action: 'purchase',
    siteverifyUrl: t.context.siteverify.url,
    logger: t.context.logger,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

test('a token siteverify passes for one of our hostnames and our action passes; the secret, the token and the address are sent', async (t) => {
  t.context.siteverify.answer = json(PASSED);
  const check = checkOf(t);
  t.true(check.required);
  t.true(await check.verify('tok-1', '203.0.113.7'));
  const [form] = t.context.siteverify.forms;
  t.deepEqual(Object.fromEntries(form!), { secret: '0x4AAAAAAAtestsecret', response: 'tok-1', remoteip: '203.0.113.7' });
  t.context.siteverify.answer = json({ ...PASSED, hostname: 'www.gym.example' });
  t.true(await check.verify('tok-2', '203.0.113.7'));
});

test('a token solved on another site fails', async (t) => {
  t.context.siteverify.answer = json({ ...PASSED, hostname: 'evil.example' });
  t.false(await checkOf(t).verify('tok', '203.0.113.7'));
  t.context.siteverify.answer = json({ success: true, action: 'purchase' });
  t.false(await checkOf(t).verify('tok', '203.0.113.7'), 'no hostname at all');
});

test("a token of another widget's action fails", async (t) => {
  t.context.siteverify.answer = json({ ...PASSED, action: 'login' });
  t.false(await checkOf(t).verify('tok', '203.0.113.7'));
});

test("siteverify's refusal fails (an invalid, expired or replayed token)", async (t) => {
  t.context.siteverify.answer = json({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  t.false(await checkOf(t).verify('tok', '203.0.113.7'));
});

test('a non-JSON, unreadable or non-2xx answer fails closed', async (t) => {
  t.context.siteverify.answer = (response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html>Just a moment…</html>');
  };
  t.false(await checkOf(t).verify('tok', '203.0.113.7'));
  t.context.siteverify.answer = json({ ok: 'yes' });
  t.false(await checkOf(t).verify('tok', '203.0.113.7'));
  t.context.siteverify.answer = json(PASSED, 502);
  t.false(await checkOf(t).verify('tok', '203.0.113.7'));
});

test('a siteverify that never answers fails closed when its time is up', async (t) => {
  t.context.siteverify.answer = () => {};
  t.false(await checkOf(t, 50).verify('tok', '203.0.113.7'));
  t.true(t.context.logger.entries.some((entry) => entry.message === 'bot check unavailable; refusing'));
});

test('an unreachable siteverify fails closed', async (t) => {
  const check = checkOf(t);
  await t.context.siteverify.close();
  t.false(await check.verify('tok', '203.0.113.7'));
});

test('an empty or oversized token fails without asking', async (t) => {
  t.context.siteverify.answer = json(PASSED);
  t.false(await checkOf(t).verify('', '203.0.113.7'));
  t.false(await checkOf(t).verify('x'.repeat(2049), '203.0.113.7'));
  t.is(t.context.siteverify.forms.length, 0);
});
