import { ContainerModule } from 'inversify';
import { eventsArea, eventsJobHandlers, type EventsArea } from '@idv/core';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/** Each delivery attempt gives up after this long (the 15 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * The events area: webhook endpoints, their delivery log and replay, the pull feed, and the jobs
 * that deliver events (`events.fan-out`, `events.deliver`) and keep the feed (`events.prune-feed`)
 * and invitations (`invitations.expire`) tidy, bound under `TOKENS.JobHandlers`.
 */
export const events: Area<EventsArea> = {
  services: TOKENS.EventsArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.DeliverySettings).toConstantValue({
        scale: config.webhooks.retryScheduleScale,
        random: Math.random,
        timeoutMs: DELIVERY_TIMEOUT_MS,
      });
      bind(TOKENS.EventsArea).toDynamicValue((context) => eventsArea(portsOf(context)));
      bind(TOKENS.JobHandlers).toDynamicValue((context) => eventsJobHandlers(portsOf(context)));
    }),
};
