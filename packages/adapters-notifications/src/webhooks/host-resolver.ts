import { lookup } from 'node:dns/promises';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has now (tests inject their own to play DNS). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system's resolver (`getaddrinfo`, as a connection would use), every address of both families. */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
