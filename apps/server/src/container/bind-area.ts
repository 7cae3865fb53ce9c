import type { ServiceIdentifier } from 'inversify';

/** For each named port of an area, the token it is bound under. */
export type PortTokens<Ports> = { readonly [Name in keyof Ports]-?: ServiceIdentifier<Ports[Name]> };

/**
 * Builds an area's use cases from its ports resolved by name: the area's wiring function names the
 * ports it needs (`identityArea({ users, memberships, … })`), and this maps each name to its token,
 * so there is no positional list of a dozen dependencies to keep in step.
 *
 * @example
 * bind(TOKENS.IdentityArea).toResolvedValue(...resolveArea(identityArea, { users: TOKENS.Users, … }));
 */
export const resolveArea = <Ports, Area>(
  wire: (ports: Ports) => Area,
  tokens: PortTokens<Ports>,
): [(...values: unknown[]) => Area, ServiceIdentifier[]] => {
  const names = Object.keys(tokens) as (keyof Ports)[];
  return [
    (...values) => wire(Object.fromEntries(names.map((name, index) => [name, values[index]])) as Ports),
    names.map((name) => tokens[name] as ServiceIdentifier),
  ];
};
