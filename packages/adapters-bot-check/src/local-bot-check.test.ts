import test from 'ava';
import { FixedClock } from '@idv/core/testing';
import { localBotCheck, LOCAL_TOKEN_TTL_MS } from './local-bot-check.js';

test('a stand-in token passes once', async (t) => {
  const check = localBotCheck(new FixedClock());
  const token = check.issue();
  t.true(await check.verify(token, '127.0.0.1'));
  t.false(await check.verify(token, '127.0.0.1'), 'replayed');
});

test('a stand-in token passes within five minutes, not after', async (t) => {
  const clock = new FixedClock();
  const check = localBotCheck(clock);
  const early = check.issue();
  const late = check.issue();
  clock.advance(LOCAL_TOKEN_TTL_MS - 1);
  t.true(await check.verify(early, '127.0.0.1'));
  clock.advance(1);
  t.false(await check.verify(late, '127.0.0.1'));
});

test('a token this process did not issue fails', async (t) => {
  const check = localBotCheck(new FixedClock());
  check.issue();
  t.false(await check.verify('local_made-up', '127.0.0.1'));
  t.true(check.required);
});
