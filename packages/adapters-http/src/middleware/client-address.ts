import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'koa';

const expandIPv6 = (address: string): string[] => {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
};

/**
 * The key a source is limited by: an IPv4 address as is (also when IPv4-mapped), an IPv6 address by
 * its /64 network, since one subscriber holds a whole /64 and can rotate addresses inside it.
 */
export const sourceKey = (address: string): string => {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare) || bare.includes('.')) return bare;
  return `${expandIPv6(bare.toLowerCase())
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};

/**
 * The client's address: the socket's peer, unless `trustedProxyHops` proxies of ours stand in front,
 * in which case it is the address the outermost of them saw, read from the right of
 * `X-Forwarded-For` (entries a client wrote on the left are never trusted).
 */
export const clientAddress = (ctx: Context, trustedProxyHops = 0): string => {
  const peer = ctx.req.socket.remoteAddress ?? 'unknown';
  if (trustedProxyHops <= 0) return peer;
  const forwarded = (ctx.get('x-forwarded-for') || '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const chain = [...forwarded, peer];
  return chain[chain.length - 1 - trustedProxyHops] ?? chain[0]!;
};
