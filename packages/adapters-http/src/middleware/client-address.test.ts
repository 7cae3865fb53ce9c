import test from 'ava';
import { sourceKey } from './client-address.js';

test('an IPv4 address is its own source, also when IPv4-mapped', (t) => {
  t.is(sourceKey('198.51.100.7'), '198.51.100.7');
  t.is(sourceKey('::ffff:198.51.100.7'), '198.51.100.7');
});

test('an IPv6 address counts by its /64 (one subscriber rotates addresses inside it)', (t) => {
  t.is(sourceKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  t.is(sourceKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
  t.is(sourceKey('2001:db8::1'), '2001:db8:0:0::/64');
  t.is(sourceKey('::1'), '0:0:0:0::/64');
  t.is(sourceKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
});
