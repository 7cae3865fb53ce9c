import { randomUUID } from 'node:crypto';
import { createJobQueue, installJobSchema, openJobBoss, type JobBoss } from '@idv/adapters-jobs';
import { DELIVER_JOB, recordEvent, type EventDraft, type RecordEventPorts, type SealedEndpointSecret } from '@idv/core';
import { RecordingLogger } from '@idv/core/testing';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { forEachBackend } from '../persistence/support/backends.js';
import { ensureOrganization } from '../persistence/support/seed.js';

const SETTINGS = { workers: 2, retryLimit: 3, retryDelaySeconds: 1, pollIntervalSeconds: 0.5, leaseSeconds: 900 };

// The recording transaction writes the event, its delivery and the delivery's job together: a
// change that rolls back leaves none of them, one that commits leaves all three.
forEachBackend((backend) => {
  let jobs: JobBoss | undefined;
  test.serial.before(async () => {
    const logger = new RecordingLogger();
    jobs = await openJobBoss({ executor: backend.persistence(), settings: SETTINGS, logger, maintain: false }).catch(
      async (error: unknown) => {
        if (!(error instanceof Error) || error.name !== 'JobSchemaNotReady') throw error;
        await installJobSchema(backend.persistence());
        return openJobBoss({ executor: backend.persistence(), settings: SETTINGS, logger, maintain: false });
      },
    );
    await jobs.ensureQueues([DELIVER_JOB]);
  });
  test.after.always(async () => {
    await jobs?.stop();
  });

  test(`${backend.label}: an event recorded in a change that rolls back has no delivery and no job; one that commits has both`, async (t) => {
    const persistence = backend.persistence();
    const organizationId = randomUUID();
    await ensureOrganization(persistence, organizationId);
    const endpointId = randomUUID();
    const created = new Date(Date.now() - 60_000);
    await persistence.webhookEndpoints.create({
      id: endpointId,
      organizationId,
      url: 'https://hooks.example.com/outbox',
      eventTypes: [],
      description: null,
      enabled: true,
      disabledReason: null,
      secret: 'sealed' as SealedEndpointSecret,
      previousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdAt: created,
      updatedAt: created,
    });
    const ports: RecordEventPorts = {
      eventLog: persistence.eventLog,
      webhookEndpoints: persistence.webhookEndpoints,
      eventDeliveries: persistence.eventDeliveries,
      jobQueue: createJobQueue(jobs!),
      clock: { now: () => new Date() },
      ids: { uuid: randomUUID },
    };
    const draft: EventDraft = { type: 'organization.updated', organizationId, data: { organizationId, changedFields: [], updatedAt: '' } };
    const recordIn = <A>(outcome: E.Either<string, A>) =>
      persistence.unitOfWork.run(async () => {
        const event = await recordEvent(ports, draft);
        return E.isRight(outcome) ? E.right(event) : E.left(event.id);
      });
    const rowsOf = async (eventId: string) => ({
      events: (await persistence.executeSql('select id from outbound_events where id = $1', [eventId])).rows.length,
      deliveries: (
        await persistence.executeSql('select id from event_deliveries where event_id = $1 and endpoint_id = $2', [eventId, endpointId])
      ).rows.length,
      jobs: (
        await persistence.executeSql(
          `select j.id from pgboss.job j join event_deliveries d on j.data->>'deliveryId' = d.id::text where j.name = $1 and d.event_id = $2`,
          [DELIVER_JOB, eventId],
        )
      ).rows.length,
    });

    const rolledBack = await recordIn(E.left('refused'));
    if (E.isRight(rolledBack)) return t.fail('the unit of work committed');
    t.deepEqual(await rowsOf(rolledBack.left), { events: 0, deliveries: 0, jobs: 0 });
    const committed = await recordIn(E.right(undefined));
    if (E.isLeft(committed)) return t.fail('the unit of work rolled back');
    t.deepEqual(await rowsOf(committed.right.id), { events: 1, deliveries: 1, jobs: 1 });
  });
});
