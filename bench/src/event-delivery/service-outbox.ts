import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/lib/Either.js';
import { recordEvent, type EventDraft, type Logger, type RecordEventPorts } from '@idv/core';
import { createJobQueue, DEFAULT_JOB_SETTINGS, openJobBoss } from '@idv/adapters-jobs';
import { createPersistence } from '@idv/adapters-persistence';
import { startServerChild } from '../children.js';
import type { ScratchDatabase } from '../database.js';
import { deliveryFactory } from '../deliveries.js';
import { deployedNodeOptions } from '../deployed-node-options.js';
import { providerEnv, type BenchIdentity } from '../identity.js';
import { measureDelivery, type DeliveryFigures } from './delivery-figures.js';
import type { Receiver } from './receiver.js';

const SERVICE = fileURLToPath(new URL('../../../apps/server/dist/main.js', import.meta.url));
const OWNER = 'user_eventowner';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

const call = async (base: string, method: string, path: string, body: unknown): Promise<unknown> => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-test-user-id': OWNER },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
};

/**
 * The service's side of the event-delivery scenario, on the same terms as the hand-written relay:
 * the service runs as its own process (`NODE_ENV=test`, since loopback endpoints are refused in
 * production; the deployed `NODE_OPTIONS` and job settings otherwise) with one organization and one
 * endpoint at `receiver`. A backlog of `burst` events is recorded in one transaction through the
 * service's own recording path (`recordEvent`: the outbox row, its delivery and the delivery's job), then
 * `perSecond` events a second for `seconds`, each in its own transaction, while the service delivers.
 */
export const measureServiceOutbox = async (options: {
  readonly database: ScratchDatabase;
  readonly receiver: Receiver;
  readonly identity: BenchIdentity;
  readonly providerUrl: string;
  readonly logFile: string;
  readonly logLevel: string;
  readonly nodeArgs: readonly string[];
  readonly burst: number;
  readonly perSecond: number;
  readonly seconds: number;
}): Promise<DeliveryFigures> => {
  const { database, receiver } = options;
  const service = await startServerChild({
    name: 'service',
    script: SERVICE,
    env: {
      NODE_ENV: 'test',
      NODE_OPTIONS: deployedNodeOptions(),
      LOG_LEVEL: options.logLevel,
      TEST_AUTH_BYPASS: 'true',
      WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true',
      ...providerEnv(options.identity, options.providerUrl),
      DATABASE_URL: database.url,
    },
    logFile: options.logFile,
    nodeArgs: options.nodeArgs,
    readyPath: '/health/ready',
  });
  const persistence = await createPersistence({ kind: 'postgres', url: database.url });
  const jobs = await openJobBoss({ executor: persistence, settings: DEFAULT_JOB_SETTINGS, logger: silent, maintain: false });
  try {
    const created = deliveryFactory(options.identity).created(OWNER);
    const signUp = await fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers: created.headers, body: created.body });
    if (!signUp.ok) throw new Error(`user.created answered ${signUp.status}`);
    const organization = (await call(service.url, 'POST', '/organizations', { name: 'Event Bench Gym' })) as {
      organization: { id: string };
      membership: { id: string };
    };
    const orgId = organization.organization.id;
    const membershipId = organization.membership.id;
    await call(service.url, 'POST', `/organizations/${orgId}/webhook-endpoints`, { url: receiver.url, eventTypes: ['membership.updated'] });

    const ports: RecordEventPorts = {
      eventLog: persistence.eventLog,
      webhookEndpoints: persistence.webhookEndpoints,
      eventDeliveries: persistence.eventDeliveries,
      jobQueue: createJobQueue(jobs),
      clock: { now: () => new Date() },
      ids: { uuid: randomUUID },
    };
    const draft: EventDraft = {
      type: 'membership.updated',
      organizationId: orgId,
      data: {
        membershipId,
        userId: null,
        previous: { role: 'member', status: 'active' },
        current: { role: 'coach', status: 'active' },
      },
    };
    const record = (count: number) =>
      persistence.unitOfWork.run(async () => {
        for (let n = 0; n < count; n += 1) await recordEvent(ports, draft);
        return E.right(undefined);
      });

    await record(options.burst);
    return await measureDelivery('service', receiver, options, Date.now(), () => record(1).then(() => undefined), 300_000);
  } finally {
    await jobs.stop();
    await persistence.close();
    await service.stop();
  }
};
