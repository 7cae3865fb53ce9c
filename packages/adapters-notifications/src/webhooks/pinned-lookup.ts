import type { LookupAddress, LookupOptions } from 'node:dns';
import { allowedAddresses, ForbiddenAddressError } from './endpoint-address.js';
import type { EndpointAddressRules } from './endpoint-address.js';

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of every connection the sender opens: it resolves the host, refuses it when any
 * address is forbidden, and hands the socket exactly the addresses it checked. The check and the
 * connection share one resolution, so DNS rebinding between them has nothing to slip through.
 */
export const pinnedLookup =
  (rules: EndpointAddressRules) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    void allowedAddresses(hostname, rules).then((addresses) => {
      if (typeof addresses === 'string') return callback(new ForbiddenAddressError(addresses), '');
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter(({ family }) => family === options.family) : addresses;
      if (wanted.length === 0) return callback(new ForbiddenAddressError('unresolvable'), '');
      // Node asks for every address when it races the families (autoSelectFamily), else for one.
      if (options.all === true) return callback(null, [...wanted]);
      return callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
