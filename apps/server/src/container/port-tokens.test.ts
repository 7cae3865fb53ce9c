import test from 'ava';
import { Container } from 'inversify';
import { resealNationalIds, type Clock } from '@idv/core';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

const CLOCK: Clock = { now: () => new Date(0) };

test('a port is resolved when first read, so a wiring function needs only the ports it reads bound', (t) => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Clock).toConstantValue(CLOCK);
  container.bind(TOKENS.NationalIds).toConstantValue({} as never);
  container.bind(TOKENS.NationalIdVault).toConstantValue({} as never);
  container.bind(TOKENS.ResealNationalIds).toDynamicValue((context) => resealNationalIds(portsOf(context)));
  t.notThrows(() => container.get(TOKENS.ResealNationalIds));
  container.bind(TOKENS.Users).toDynamicValue((context) => portsOf(context).users);
  t.throws(() => container.get(TOKENS.Users), undefined, 'an unbound port fails when read');
});

test('a port first read after its area was built (at request time) resolves through its token', async (t) => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Clock).toConstantValue(CLOCK);
  container.bind(TOKENS.ReadinessCheck).toDynamicValue((context) => {
    const ports = portsOf(context);
    return async () => {
      t.is(ports.clock, CLOCK);
    };
  });
  await container.get(TOKENS.ReadinessCheck)();
});
