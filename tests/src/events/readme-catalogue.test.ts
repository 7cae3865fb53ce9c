import { readFileSync } from 'node:fs';
import { EVENT_CATALOGUE, EVENT_TYPES, isEventType } from '@idv/core';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';

/** The JSON examples of the README's "Outbound events" section, parsed. */
const readmeExamples = (): unknown[] => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('## Outbound events');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map(([, json = '']) => JSON.parse(json) as unknown);
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

test('every example of the README catalogue is an envelope whose data decodes with its type’s codec', (t) => {
  const examples = readmeExamples();
  t.true(examples.length > 0);
  for (const example of examples) {
    if (!isRecord(example) || typeof example['type'] !== 'string' || !isEventType(example['type'])) {
      t.fail(`not an event of the catalogue: ${JSON.stringify(example)}`);
      continue;
    }
    t.deepEqual(Object.keys(example), ['type', 'id', 'timestamp', 'organizationId', 'data'], example['type']);
    t.regex(String(example['id']), /^evt_[0-9a-f]{32}$/);
    t.false(Number.isNaN(Date.parse(String(example['timestamp']))));
    const codec: { decode(input: unknown): E.Either<unknown, unknown> } = EVENT_CATALOGUE[example['type']];
    t.true(E.isRight(codec.decode(example['data'])), `${example['type']}: data decodes`);
  }
});

test('the README catalogue has exactly one example per event type', (t) => {
  const types = readmeExamples().map((example) => (isRecord(example) ? example['type'] : undefined));
  t.deepEqual([...types].sort(), [...EVENT_TYPES].sort());
});
