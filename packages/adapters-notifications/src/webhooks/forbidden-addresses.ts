import { BlockList, isIP } from 'node:net';

// Addresses an endpoint may never reach: this host, the private networks behind it, link-local
// (169.254.169.254 is the cloud metadata service), carrier-grade NAT, multicast, reserved. Node's
// BlockList also matches the IPv4-mapped IPv6 form (`::ffff:127.0.0.1`) of every IPv4 subnet.
const IPV4_SUBNETS: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // unspecified, "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const IPV6_SUBNETS: readonly (readonly [string, number])[] = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8], // multicast
  ['64:ff9b:1::', 48], // local-use NAT64
];

const FORBIDDEN = new BlockList();
for (const [network, prefix] of IPV4_SUBNETS) FORBIDDEN.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_SUBNETS) FORBIDDEN.addSubnet(network, prefix, 'ipv6');

/**
 * Whether an endpoint may not be reached at `address` (an IPv4 or IPv6 literal): loopback, private,
 * link-local (metadata), unspecified, carrier-grade NAT, multicast or reserved, in either family and
 * in the IPv4-mapped IPv6 form. Anything that is not an IP address is forbidden too.
 */
export const isForbiddenAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
};
