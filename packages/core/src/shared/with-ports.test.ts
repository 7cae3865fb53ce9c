import test from 'ava';
import { withPorts } from './with-ports.js';

const countingPorts = () => {
  const reads: string[] = [];
  const ports = {};
  for (const name of ['users', 'paymentGateway']) {
    Object.defineProperty(ports, name, { enumerable: true, get: () => (reads.push(name), `the ${name} port`) });
  }
  return { ports: ports as { readonly users: string; readonly paymentGateway: string }, reads };
};

test('laying steps over ports reads none of them', (t) => {
  const { ports, reads } = countingPorts();
  withPorts(ports, { acceptPendingInvitations: 'step' });
  t.deepEqual(reads, []);
});

test('the result reads a port through on first use and serves the step laid over', (t) => {
  const { ports, reads } = countingPorts();
  const deps = withPorts(ports, { acceptPendingInvitations: 'step' });
  t.is(deps.users, 'the users port');
  t.is(deps.acceptPendingInvitations, 'step');
  t.deepEqual(reads, ['users']);
});

test('a step laid over a port of the same name wins, and layers stack', (t) => {
  const { ports } = countingPorts();
  const deps = withPorts(withPorts(ports, { users: 'override' }), { extra: 1 });
  t.is(deps.users, 'override');
  t.is(deps.paymentGateway, 'the paymentGateway port');
  t.is(deps.extra, 1);
});
