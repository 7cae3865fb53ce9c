/**
 * `ports` with `extra` laid over them, without reading any port: the composition root resolves a
 * port when it is first read, so a spread (`{ ...ports, extra }`) would build every port an area
 * never uses (a payment gateway for `sync:users`). The result inherits the ports it does not override.
 *
 * @example
 * const deps = withPorts(ports, { acceptPendingInvitations: acceptPendingInvitations(ports) });
 */
export const withPorts = <P extends object, E extends object>(ports: P, extra: E): Omit<P, keyof E> & E =>
  Object.create(ports, Object.getOwnPropertyDescriptors(extra)) as Omit<P, keyof E> & E;
