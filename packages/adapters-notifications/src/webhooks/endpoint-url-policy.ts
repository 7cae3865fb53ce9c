import type { EndpointUrlPolicy } from '@idv/core';
import { allowedAddresses, endpointTarget } from './endpoint-address.js';
import { systemResolver } from './host-resolver.js';
import type { HostResolver } from './host-resolver.js';

/** Options of {@link createEndpointUrlPolicy}. */
export interface EndpointUrlPolicyOptions {
  /** `WEBHOOK_ENDPOINT_ALLOW_PRIVATE`: plain http and loopback/private addresses (development and tests only). */
  readonly allowPrivate?: boolean;
  /** Resolves host names; the system's resolver when omitted. */
  readonly resolve?: HostResolver;
}

/**
 * The endpoint URL policy at creation and update: https, a host that resolves, and none of its
 * addresses loopback, private, link-local (metadata), CGNAT, multicast or reserved. The sender checks
 * the same rules again at every delivery, on the addresses it connects to.
 *
 * @example
 * const policy = createEndpointUrlPolicy({ allowPrivate: config.webhooks.allowPrivateEndpoints });
 * await policy.check('https://hooks.example.com/idv'); // undefined: allowed
 */
export const createEndpointUrlPolicy = ({
  allowPrivate = false,
  resolve = systemResolver,
}: EndpointUrlPolicyOptions = {}): EndpointUrlPolicy => ({
  check: async (url) => {
    const target = endpointTarget(url, { allowPrivate });
    if (typeof target === 'string') return target;
    const addresses = await allowedAddresses(target.host, { allowPrivate, resolve });
    return typeof addresses === 'string' ? addresses : undefined;
  },
});
