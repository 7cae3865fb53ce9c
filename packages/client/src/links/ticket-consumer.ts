/**
 * A guard for consuming a ticket once: the sign-up screen may see the same link twice (cold start
 * plus the URL event), but a ticket is single-use. Returns true only the first time per ticket.
 *
 * @example
 * const consume = createTicketConsumer();
 * if (link && consume(link.ticket)) await signUp.create({ strategy: 'ticket', ticket: link.ticket });
 */
export const createTicketConsumer = (): ((ticket: string) => boolean) => {
  const seen = new Set<string>();
  return (ticket) => {
    if (seen.has(ticket)) return false;
    seen.add(ticket);
    return true;
  };
};
