import { isIP } from 'node:net';
import type { EndpointUrlRefusal } from '@idv/core';
import { isForbiddenAddress } from './forbidden-addresses.js';
import type { HostResolver, ResolvedAddress } from './host-resolver.js';

/** The address rules of endpoints, shared by the URL policy (creation, update) and the sender (every delivery). */
export interface EndpointAddressRules {
  /** `WEBHOOK_ENDPOINT_ALLOW_PRIVATE`: plain http and any address (development and tests only). */
  readonly allowPrivate: boolean;
  readonly resolve: HostResolver;
}

/** A URL that may be posted to, as far as its form says, and its host without IPv6 brackets. */
export interface EndpointTarget {
  readonly url: URL;
  readonly host: string;
}

/** Reads an endpoint URL: http(s) with a host, https unless private endpoints are allowed. */
export const endpointTarget = (
  raw: string,
  { allowPrivate }: Pick<EndpointAddressRules, 'allowPrivate'>,
): EndpointTarget | EndpointUrlRefusal => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'malformed';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not-https';
  // Credentials have no place in a stored URL (it is shown wherever the endpoint is): refused.
  if (url.hostname === '' || url.username !== '' || url.password !== '') return 'malformed';
  if (url.protocol === 'http:' && !allowPrivate) return 'not-https';
  return { url, host: url.hostname.replace(/^\[(.*)\]$/, '$1') };
};

/** Thrown by a connection's lookup when a host resolves to an address endpoints may not reach. */
export class ForbiddenAddressError extends Error {
  override readonly name = 'ForbiddenAddressError';
  readonly refusal: EndpointUrlRefusal;

  constructor(refusal: EndpointUrlRefusal) {
    super(refusal === 'unresolvable' ? 'the endpoint host does not resolve' : 'the endpoint host resolves to a forbidden address');
    this.refusal = refusal;
  }
}

/**
 * Every address `host` resolves to now, all of them allowed, or the refusal: one forbidden address
 * refuses the host (a resolver may hand out either, and the connection may try each).
 */
export const allowedAddresses = async (
  host: string,
  { allowPrivate, resolve }: EndpointAddressRules,
): Promise<readonly ResolvedAddress[] | EndpointUrlRefusal> => {
  const family = isIP(host);
  let addresses: readonly ResolvedAddress[];
  if (family !== 0) addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return 'unresolvable';
    }
  }
  if (addresses.length === 0) return 'unresolvable';
  if (!allowPrivate && addresses.some(({ address }) => isForbiddenAddress(address))) return 'private-address';
  return addresses;
};
