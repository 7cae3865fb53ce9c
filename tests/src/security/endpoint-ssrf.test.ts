import test from 'ava';
import { createEndpointUrlPolicy, createEventSender, type HostResolver, type ResolvedAddress } from '@idv/adapters-notifications';
import type { EventDeliveryRequest } from '@idv/core';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const SECRET = `whsec_${Buffer.alloc(32, 21).toString('base64')}`;
const PUBLIC: ResolvedAddress = { address: '93.184.216.34', family: 4 };

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/** Plays DNS: each host answers its lists in turn (the last one repeats); an unknown host does not resolve. */
const playedDns = (answers: Readonly<Record<string, readonly (readonly ResolvedAddress[])[]>>) => {
  const asked: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    asked.push(hostname);
    const lists = answers[hostname];
    if (lists === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const turn = asked.filter((host) => host === hostname).length - 1;
    return lists[Math.min(turn, lists.length - 1)] ?? [];
  };
  return { resolve, asked };
};

const deliveryTo = (url: string): EventDeliveryRequest => ({
  url,
  eventId: 'evt_ssrf',
  timestamp: new Date(),
  body: '{"type":"membership.created"}',
  secrets: [SECRET],
  timeoutMs: 5_000,
});

const FORBIDDEN_ANSWERS: readonly (readonly [string, ResolvedAddress])[] = [
  ['loopback', v4('127.0.0.1')],
  ['a private network', v4('10.1.2.3')],
  ['the cloud metadata service', v4('169.254.169.254')],
  ['IPv6 loopback', v6('::1')],
  ['IPv4-mapped loopback', v6('::ffff:127.0.0.1')],
];

for (const [what, address] of FORBIDDEN_ANSWERS) {
  test(`a host resolving to ${what} (${address.address}) is refused by the policy and by the sender`, async (t) => {
    const receiver = await startWebhookReceiver();
    t.teardown(receiver.close);
    const { resolve } = playedDns({ 'hooks.attacker.test': [[address]] });
    const url = `https://hooks.attacker.test:${receiver.port}/`;
    t.is(await createEndpointUrlPolicy({ resolve }).check(url), 'private-address');
    t.like(await createEventSender({ resolve }).send(deliveryTo(url)), { kind: 'refused', reason: 'private-address' });
    t.is(receiver.received.length, 0);
  });
}

test('a host with one forbidden address among public ones is refused', async (t) => {
  const { resolve } = playedDns({ 'mixed.attacker.test': [[PUBLIC, v4('192.168.0.10')]] });
  t.is(await createEndpointUrlPolicy({ resolve }).check('https://mixed.attacker.test/hook'), 'private-address');
  t.like(await createEventSender({ resolve }).send(deliveryTo('https://mixed.attacker.test/hook')), {
    kind: 'refused',
    reason: 'private-address',
  });
});

test('address literals in the URL are checked without any lookup', async (t) => {
  const { resolve, asked } = playedDns({});
  const policy = createEndpointUrlPolicy({ resolve });
  const sender = createEventSender({ resolve });
  for (const url of [
    'https://127.0.0.1/',
    'https://[::1]:8443/',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:10.0.0.1]/',
  ]) {
    t.is(await policy.check(url), 'private-address', url);
    t.like(await sender.send(deliveryTo(url)), { kind: 'refused', reason: 'private-address' }, url);
  }
  t.is(await policy.check('https://93.184.216.34/hook'), undefined);
  t.deepEqual(asked, []);
});

test('DNS rebinding: a host public when checked and loopback at delivery is refused at delivery', async (t) => {
  const receiver = await startWebhookReceiver();
  t.teardown(receiver.close);
  const { resolve, asked } = playedDns({ 'rebind.attacker.test': [[PUBLIC], [v4('127.0.0.1')]] });
  const url = `https://rebind.attacker.test:${receiver.port}/`;
  t.is(await createEndpointUrlPolicy({ resolve }).check(url), undefined);
  t.like(await createEventSender({ resolve }).send(deliveryTo(url)), { kind: 'refused', reason: 'private-address' });
  t.deepEqual(asked, ['rebind.attacker.test', 'rebind.attacker.test']);
  t.is(receiver.received.length, 0);
});

test('the sender connects to the addresses its own lookup checked, not to a second resolution', async (t) => {
  const receiver = await startWebhookReceiver();
  t.teardown(receiver.close);
  // With loopback allowed, a name only this resolver knows reaches the receiver: the socket used its answer.
  const { resolve, asked } = playedDns({ 'receiver.test': [[v4('127.0.0.1')]] });
  const outcome = await createEventSender({ allowPrivate: true, resolve }).send(deliveryTo(`http://receiver.test:${receiver.port}/in`));
  t.like(outcome, { kind: 'answered', status: 204 });
  t.is(receiver.received[0]?.headers.host, `receiver.test:${receiver.port}`);
  t.deepEqual(asked, ['receiver.test']);
});

test('plain http is refused unless private endpoints are allowed', async (t) => {
  const receiver = await startWebhookReceiver();
  t.teardown(receiver.close);
  const { resolve } = playedDns({ 'hooks.example.test': [[PUBLIC]] });
  t.is(await createEndpointUrlPolicy({ resolve }).check('http://hooks.example.test/hook'), 'not-https');
  t.like(await createEventSender({ resolve }).send(deliveryTo(receiver.url)), { kind: 'refused', reason: 'not-https' });
  t.is(receiver.received.length, 0);
  t.is(await createEndpointUrlPolicy({ allowPrivate: true }).check(receiver.url), undefined);
  t.like(await createEventSender({ allowPrivate: true }).send(deliveryTo(receiver.url)), { kind: 'answered', status: 204 });
});

test('a URL that is not a URL, has another scheme, carries credentials or does not resolve is refused', async (t) => {
  const { resolve } = playedDns({ 'hooks.example.test': [[PUBLIC]] });
  const policy = createEndpointUrlPolicy({ resolve });
  t.is(await policy.check('hooks.example.test/hook'), 'malformed');
  t.is(await policy.check('ftp://hooks.example.test/hook'), 'not-https');
  t.is(await policy.check('https://user:pass@hooks.example.test/hook'), 'malformed');
  t.is(await policy.check('https://nowhere.example.test/hook'), 'unresolvable');
  t.is(await policy.check('https://hooks.example.test/hook'), undefined);
  t.like(await createEventSender({ resolve }).send(deliveryTo('https://nowhere.example.test/hook')), {
    kind: 'refused',
    reason: 'unresolvable',
  });
});

test('without an injected resolver, localhost is refused through the system resolver', async (t) => {
  t.is(await createEndpointUrlPolicy().check('https://localhost/hook'), 'private-address');
});
