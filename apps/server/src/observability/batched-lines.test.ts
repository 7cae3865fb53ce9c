import test from 'ava';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BatchedLines } from './batched-lines.js';

const collecting = () => {
  const writes: string[] = [];
  return { writes, sink: { write: (text: string) => writes.push(text) } };
};

test('lines are handed on as one write once they reach the batch length, in order', (t) => {
  const { writes, sink } = collecting();
  const lines = new BatchedLines(sink, 10);
  lines.write('abcd\n');
  t.deepEqual(writes, []);
  lines.write('efgh\n');
  t.deepEqual(writes, ['abcd\nefgh\n']);
  lines.write('ij\n');
  t.deepEqual(writes, ['abcd\nefgh\n']);
});

test('release hands on what is collected, and nothing when nothing is', (t) => {
  const { writes, sink } = collecting();
  const lines = new BatchedLines(sink, 4096);
  lines.release();
  t.deepEqual(writes, []);
  lines.write('one\n');
  lines.write('two\n');
  lines.release();
  lines.release();
  t.deepEqual(writes, ['one\ntwo\n']);
});

const createLoggerModule = fileURLToPath(new URL('./create-logger.js', import.meta.url));

// The service's stdout logger collects lines for up to 200 ms; a process that exits at once must still write them.
for (const [how, ending] of [
  ['process.exit', 'process.exit(0);'],
  ['the event loop running dry', ''],
] as const) {
  test(`the stdout logger writes every line when the process ends by ${how}`, async (t) => {
    const script = `const { createLogger } = await import(${JSON.stringify(createLoggerModule)});
const logger = createLogger('info');
for (let i = 0; i < 3; i += 1) logger.info({ line: i }, 'before exit');
${ending}`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    const lines = stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { line: number; msg: string });
    t.deepEqual(
      lines.map(({ line, msg }) => ({ line, msg })),
      [0, 1, 2].map((line) => ({ line, msg: 'before exit' })),
    );
  });
}
