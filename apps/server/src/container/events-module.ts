import { ContainerModule } from 'inversify';
import { eventsArea, eventsJobHandlers, eventsPeriodicHandlers, type EventsArea } from '@idv/core';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/** Each delivery attempt gives up after this long (the 15 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * The events area: webhook endpoints, their delivery log and replay, the pull feed, and the jobs
 * that deliver events (`events.deliver`, and `events.fan-out` for jobs an earlier version queued), bound under `TOKENS.JobHandlers`. Its
 * periodic jobs (`events.prune-feed`, `invitations.expire`) are bound under `TOKENS.EventsPeriodicJobs`
 * for their entries in `PERIODIC_JOBS`.
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
      bind(TOKENS.EventsPeriodicJobs).toDynamicValue((context) => eventsPeriodicHandlers(portsOf(context)));
    }),
};
