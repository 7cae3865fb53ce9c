import test from 'ava';
import { isForbiddenAddress } from './forbidden-addresses.js';

const forbidden = test.macro({
  exec: (t, address: string) => t.true(isForbiddenAddress(address)),
  title: (_, address: string) => `${address} is never an endpoint's address`,
});

const allowed = test.macro({
  exec: (t, address: string) => t.false(isForbiddenAddress(address)),
  title: (_, address: string) => `${address} is a public address`,
});

for (const address of [
  '127.0.0.1',
  '127.255.0.9',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.10',
  '169.254.169.254',
  '169.254.0.1',
  '100.64.0.1',
  '100.127.255.255',
  '0.0.0.0',
  '224.0.0.251',
  '255.255.255.255',
  '::',
  '::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'FE80::abcd',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:192.168.0.1',
  'not-an-address',
]) {
  test(forbidden, address);
}

for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
  test(allowed, address);
}
