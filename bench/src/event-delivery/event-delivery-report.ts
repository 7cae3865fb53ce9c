import { join } from 'node:path';
import { createScratchDatabase } from '../database.js';
import type { BenchIdentity } from '../identity.js';
import { formatNumber, say } from '../report.js';
import type { DeliveryFigures } from './delivery-figures.js';
import { startReceiver } from './receiver.js';
import { measureReferenceOutbox } from './reference-outbox.js';
import { measureServiceOutbox } from './service-outbox.js';

/** The scenario key `BENCH_SCENARIOS` selects it by. */
export const EVENT_DELIVERY_SCENARIO = 'event-delivery';

/** A backlog drained at once, then a steady stream at the issue's rate. */
const BURST = 2000;
const PER_SECOND = 200;
const SECONDS = 10;

const line = (figures: DeliveryFigures): string =>
  `${figures.server.padEnd(12)} ${formatNumber(figures.eventsPerSecond).padStart(12)} ${formatNumber(figures.p50Ms, 1).padStart(10)} ${formatNumber(
    figures.p99Ms,
    1,
  ).padStart(10)} ${`${figures.delivered}/${Math.round(figures.offeredPerSecond * figures.seconds)}`.padStart(10)}`;

/**
 * Outbound events, outbox to a local receiver, on PostgreSQL: the hand-written relay (a) and the
 * service, each on a scratch database of its own with a receiver of its own, one after the other.
 * Prints both and the service's ratios to (a); asserts nothing.
 */
export const reportEventDelivery = async (options: {
  readonly serverUrl: string;
  readonly identity: BenchIdentity;
  readonly providerUrl: string;
  readonly folder: string;
  readonly logLevel: string;
  /** Extra `node` arguments of the service (`BENCH_SERVICE_NODE_ARGS`). */
  readonly nodeArgs: readonly string[];
}): Promise<void> => {
  say();
  say(
    `## Event delivery (PostgreSQL): a backlog of ${BURST} events drained, then ${PER_SECOND} events/s for ${SECONDS} s, each in its own transaction`,
  );
  const measured: DeliveryFigures[] = [];
  for (const side of ['reference', 'service'] as const) {
    const database = await createScratchDatabase(options.serverUrl);
    const receiver = await startReceiver();
    try {
      const shape = { database, receiver, burst: BURST, perSecond: PER_SECOND, seconds: SECONDS };
      measured.push(
        side === 'reference'
          ? await measureReferenceOutbox(shape)
          : await measureServiceOutbox({
              ...shape,
              identity: options.identity,
              providerUrl: options.providerUrl,
              logFile: join(options.folder, 'event-delivery-service.log'),
              logLevel: options.logLevel,
              nodeArgs: options.nodeArgs,
            }),
      );
    } finally {
      await receiver.close();
      await database.drop();
    }
  }
  say(`${'server'.padEnd(12)} ${'burst ev/s'.padStart(12)} ${'p50 ms'.padStart(10)} ${'p99 ms'.padStart(10)} ${'delivered'.padStart(10)}`);
  for (const figures of measured) say(line(figures));
  const [reference, service] = measured as [DeliveryFigures, DeliveryFigures];
  say(
    `service ÷ (a): throughput ${formatNumber(service.eventsPerSecond / reference.eventsPerSecond, 2)}× (target ≥ 0.5×), ` +
      `p50 ${formatNumber(service.p50Ms / reference.p50Ms, 1)}×, p99 ${formatNumber(service.p99Ms / reference.p99Ms, 1)}× ` +
      `(target: p99 under 1000 ms at ${PER_SECOND}/s: ${service.p99Ms < 1000 ? 'met' : 'missed'})`,
  );
};
