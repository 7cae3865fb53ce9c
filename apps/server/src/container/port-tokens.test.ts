import test from 'ava';
import { Container, type ServiceIdentifier } from 'inversify';
import { identityArea, resealNationalIds, withPorts, type Clock, type IdentityArea } from '@idv/core';
import { PORT_TOKENS, portsOf } from './port-tokens.js';
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

test('an area built from the container resolves only the ports its use cases read (sync:users builds no payment gateway)', (t) => {
  const container = new Container({ defaultScope: 'Singleton' });
  const resolved = new Set<string>();
  for (const [name, token] of Object.entries(PORT_TOKENS)) {
    container.bind(token as ServiceIdentifier).toDynamicValue(() => {
      resolved.add(name);
      return {};
    });
  }
  container.bind(TOKENS.IdentityArea).toDynamicValue((context) => identityArea(portsOf(context)));
  container.get<IdentityArea>(TOKENS.IdentityArea);
  t.false(resolved.has('paymentGateway'));
  t.false(resolved.has('paymentTransactions'));
});

test('a port is asked of the container once, however often a use case reads it (through withPorts too)', (t) => {
  const container = new Container({ defaultScope: 'Singleton' });
  let resolutions = 0;
  container
    .bind(TOKENS.Clock)
    .toDynamicValue(() => {
      resolutions += 1;
      return CLOCK;
    })
    .inTransientScope();
  container.bind(TOKENS.ReadinessCheck).toDynamicValue((context) => {
    const deps = withPorts(portsOf(context), { extra: true });
    return async () => {
      t.is(deps.clock, CLOCK);
      t.is(deps.clock, CLOCK);
    };
  });
  return container
    .get(TOKENS.ReadinessCheck)()
    .then(() => t.is(resolutions, 1));
});
