import test from 'ava';
import { parseCliArgs } from './cli-args.js';

test('options win over the environment, which wins over defaults', (t) => {
  const env = { IDP_EMULATOR_PORT: '4500', IDP_SECRET_KEY: 'sk_test_env' };
  t.like(parseCliArgs([], {}), { port: 4010, secretKey: undefined });
  t.like(parseCliArgs([], env), { port: 4500, secretKey: 'sk_test_env' });
  t.like(parseCliArgs(['--port', '0', '--secret-key', 'sk_test_x'], env), { port: 0, secretKey: 'sk_test_x' });
});

test('the retry time scale defaults to 1 and is read from --time-scale or IDP_EMULATOR_TIME_SCALE', (t) => {
  t.is(parseCliArgs([], {}).timeScale, 1);
  t.is(parseCliArgs([], { IDP_EMULATOR_TIME_SCALE: '0.01' }).timeScale, 0.01);
  t.is(parseCliArgs(['--time-scale', '0.001'], { IDP_EMULATOR_TIME_SCALE: '0.01' }).timeScale, 0.001);
  for (const bad of ['0', '-1', 'fast']) {
    t.throws(() => parseCliArgs([`--time-scale=${bad}`], {}), { message: /invalid time scale/ }, bad);
  }
});

test('an unknown option or a bad port is refused with one message', (t) => {
  t.throws(() => parseCliArgs(['--nope'], {}), { message: /nope/ });
  t.throws(() => parseCliArgs(['--port', '70000'], {}), { message: /invalid port/ });
  t.throws(() => parseCliArgs(['--webhook-url', 'not a url'], {}), { message: /invalid webhook URL/ });
});
