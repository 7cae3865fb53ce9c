import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { DeliveryAttempt, EventDelivery } from '../events/event-delivery.js';
import type { OutboundEvent } from '../events/outbound-event.js';
import type { EventDeliveries } from '../events/ports/event-deliveries.js';
import type { SealedEndpointSecret } from '../events/ports/endpoint-secret-vault.js';
import type { EventLog } from '../events/ports/event-log.js';
import type { WebhookEndpoints } from '../events/ports/webhook-endpoints.js';
import type { WebhookEndpoint } from '../events/webhook-endpoint.js';
import { PageCursor, type PageRequest } from '../shared/pagination.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** The events area's stores, plus a way to satisfy their foreign keys. */
export interface EventsSubject {
  readonly eventLog: EventLog;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly eventDeliveries: EventDeliveries;
  /** Makes the organization exist, if missing. */
  prepare(organizationId: string): Promise<void>;
}

const org = (n: number): string => fixtureUuid(0xe0, n);
const T = new Date('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T.getTime() + seconds * 1000);

const anEvent = (n: number, organization: number, seconds = n): OutboundEvent => ({
  id: `evt_${n.toString(16).padStart(32, '0')}`,
  type: 'membership.created',
  organizationId: org(organization),
  data: { membershipId: fixtureUuid(0xe1, n), userId: null, role: 'member', status: 'invited' },
  timestamp: at(seconds),
});

const anEndpoint = (n: number, organization: number, fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: fixtureUuid(0xe2, n),
  organizationId: org(organization),
  url: `https://hooks.example.com/${n}`,
  eventTypes: [],
  description: null,
  enabled: true,
  disabledReason: null,
  secret: `sealed-${n}` as SealedEndpointSecret,
  previousSecret: null,
  previousSecretExpiresAt: null,
  failingSince: null,
  createdAt: at(n),
  updatedAt: at(n),
  ...fields,
});

const aDelivery = (n: number, event: OutboundEvent, endpoint: WebhookEndpoint): EventDelivery => ({
  id: fixtureUuid(0xe3, n),
  eventId: event.id,
  endpointId: endpoint.id,
  status: 'pending',
  attempts: 0,
  createdAt: at(n),
  updatedAt: at(n),
});

const anAttempt = (n: number, delivery: EventDelivery, attempt: number, fields: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  id: fixtureUuid(0xe4, n),
  deliveryId: delivery.id,
  eventId: delivery.eventId,
  attempt,
  succeeded: false,
  durationMs: 12,
  responseCode: 500,
  errorKind: 'status',
  at: at(100 + n),
  ...fields,
});

const withEndpoint = async (subject: EventsSubject, endpoint: WebhookEndpoint): Promise<WebhookEndpoint> => {
  await subject.prepare(endpoint.organizationId);
  await subject.webhookEndpoints.create(endpoint);
  return endpoint;
};

const readAll = async <T>(list: (page: PageRequest) => Promise<{ items: readonly T[]; nextCursor: string | null }>): Promise<T[]> => {
  const all: T[] = [];
  let page: PageRequest = { limit: 2 };
  for (;;) {
    const result = await list(page);
    all.push(...result.items);
    if (result.nextCursor === null) return all;
    const cursor = PageCursor.decode(result.nextCursor);
    assert.ok(cursor._tag === 'Right');
    page = { limit: 2, cursor: cursor.right };
  }
};

/** The EventLog, WebhookEndpoints and EventDeliveries contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const eventsContract: readonly ContractCase<EventsSubject>[] = [
  {
    name: 'an appended event is found by id, data and all; an unknown id finds nothing',
    async run(subject) {
      const event = anEvent(1, 1);
      await subject.eventLog.append(event);
      assert.deepEqual(O.toNullable(await subject.eventLog.findById(event.id)), event);
      assert.ok(O.isNone(await subject.eventLog.findById('evt_ffffffffffffffffffffffffffffffff')));
    },
  },
  {
    name: "the feed serves an organization's events in order, each once across pages, and only its own",
    async run(subject) {
      const mine = [10, 11, 12, 13, 14].map((n) => anEvent(n, 10));
      for (const event of mine) await subject.eventLog.append(event);
      await subject.eventLog.append(anEvent(15, 11));
      // On a shared PostgreSQL, a transaction open elsewhere holds the feed back until it ends: the
      // reader polls from its position, as a real one would, within a bounded time.
      const seen: string[] = [];
      let after: string | undefined;
      const deadline = Date.now() + 60_000;
      while (seen.length < mine.length && Date.now() < deadline) {
        const page = await subject.eventLog.feed(org(10), after, 2);
        if (page.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        seen.push(...page.map((event) => event.id));
        after = page.at(-1)?.position;
      }
      assert.deepEqual(
        seen,
        mine.map((event) => event.id),
      );
      assert.deepEqual(await subject.eventLog.feed(org(10), after, 2), [], 'a reader at the end reads nothing new');
    },
  },
  {
    name: 'pruning deletes events older than the cutoff only',
    async run(subject) {
      const old = anEvent(20, 20, -40 * 86_400);
      const recent = anEvent(21, 20, 0);
      await subject.eventLog.append(old);
      await subject.eventLog.append(recent);
      await subject.eventLog.prune(at(-30 * 86_400));
      assert.ok(O.isNone(await subject.eventLog.findById(old.id)));
      assert.ok(O.isSome(await subject.eventLog.findById(recent.id)));
    },
  },
  {
    name: 'an endpoint is found in its organization only, listed oldest first, and subscribed by its filter when enabled',
    async run(subject) {
      const all = await withEndpoint(subject, anEndpoint(30, 30));
      const payments = await withEndpoint(subject, anEndpoint(31, 30, { eventTypes: ['payment.succeeded', 'payment.failed'] }));
      await withEndpoint(subject, anEndpoint(32, 30, { enabled: false }));
      await withEndpoint(subject, anEndpoint(33, 31));
      assert.deepEqual(O.toNullable(await subject.webhookEndpoints.find(org(30), payments.id)), payments);
      assert.ok(O.isNone(await subject.webhookEndpoints.find(org(31), payments.id)));
      assert.deepEqual(
        (await readAll((page) => subject.webhookEndpoints.list(org(30), page))).map((e) => e.id),
        [30, 31, 32].map((n) => fixtureUuid(0xe2, n)),
      );
      assert.deepEqual(
        (await subject.webhookEndpoints.listSubscribed(org(30), 'payment.failed')).map((e) => e.id),
        [all.id, payments.id],
      );
      assert.deepEqual(
        (await subject.webhookEndpoints.listSubscribed(org(30), 'membership.created')).map((e) => e.id),
        [all.id],
      );
    },
  },
  {
    name: 'an update changes only what it names; enabling clears the reason and the failing streak',
    async run(subject) {
      const endpoint = await withEndpoint(subject, anEndpoint(40, 40, { description: 'crm' }));
      const moved = await subject.webhookEndpoints.update(org(40), endpoint.id, { url: 'https://crm.example.com/in' }, at(500));
      assert.deepEqual(O.toNullable(moved), { ...endpoint, url: 'https://crm.example.com/in', updatedAt: at(500) });
      const filtered = await subject.webhookEndpoints.update(
        org(40),
        endpoint.id,
        { eventTypes: ['invitation.accepted'], description: null },
        at(501),
      );
      assert.deepEqual(O.toNullable(filtered)?.eventTypes, ['invitation.accepted']);
      assert.equal(O.toNullable(filtered)?.description, null);
      assert.equal((await subject.webhookEndpoints.markFailing(endpoint.id, at(600)))?.getTime(), at(600).getTime());
      assert.equal(
        (await subject.webhookEndpoints.markFailing(endpoint.id, at(700)))?.getTime(),
        at(600).getTime(),
        'the streak keeps its start',
      );
      assert.ok(await subject.webhookEndpoints.disable(endpoint.id, 'failing', at(701)));
      assert.equal(await subject.webhookEndpoints.disable(endpoint.id, 'gone', at(702)), false, 'already disabled');
      const disabled = O.toNullable(await subject.webhookEndpoints.find(org(40), endpoint.id));
      assert.deepEqual([disabled?.enabled, disabled?.disabledReason], [false, 'failing']);
      const enabled = O.toNullable(await subject.webhookEndpoints.update(org(40), endpoint.id, { enabled: true }, at(800)));
      assert.deepEqual([enabled?.enabled, enabled?.disabledReason, enabled?.failingSince], [true, null, null]);
      assert.ok(O.isNone(await subject.webhookEndpoints.update(org(41), endpoint.id, { enabled: false }, at(801))));
    },
  },
  {
    name: 'a rotation keeps the old secret as the previous one until its expiry; removal deletes the endpoint',
    async run(subject) {
      const endpoint = await withEndpoint(subject, anEndpoint(50, 50));
      const rotated = O.toNullable(
        await subject.webhookEndpoints.rotateSecret(org(50), endpoint.id, 'sealed-new' as SealedEndpointSecret, at(86_400), at(1)),
      );
      assert.deepEqual(
        [rotated?.secret, rotated?.previousSecret, rotated?.previousSecretExpiresAt],
        ['sealed-new', endpoint.secret, at(86_400)],
      );
      assert.equal(await subject.webhookEndpoints.remove(org(51), endpoint.id), false);
      assert.ok(await subject.webhookEndpoints.remove(org(50), endpoint.id));
      assert.ok(O.isNone(await subject.webhookEndpoints.find(org(50), endpoint.id)));
    },
  },
  {
    name: 'ensure makes one delivery per event and endpoint; attempts are logged newest first and move its status',
    async run(subject) {
      const endpoint = await withEndpoint(subject, anEndpoint(60, 60));
      const event = anEvent(60, 60);
      await subject.eventLog.append(event);
      const first = await subject.eventDeliveries.ensure(aDelivery(60, event, endpoint));
      const again = await subject.eventDeliveries.ensure(aDelivery(61, event, endpoint));
      assert.deepEqual(again, first, 'a second fan-out finds the first delivery');
      await subject.eventDeliveries.recordAttempt(anAttempt(1, first, 1), 'pending');
      await subject.eventDeliveries.recordAttempt(
        anAttempt(2, first, 2, { succeeded: true, responseCode: 204, errorKind: null }),
        'succeeded',
      );
      assert.deepEqual(O.toNullable(await subject.eventDeliveries.findById(first.id)), {
        ...first,
        status: 'succeeded',
        attempts: 2,
        updatedAt: anAttempt(2, first, 2).at,
      });
      assert.ok(O.isNone(await subject.eventDeliveries.findForEndpoint(fixtureUuid(0xe2, 99), first.id)));
      const log = await readAll((page) => subject.eventDeliveries.listAttempts(endpoint.id, page));
      assert.deepEqual(log, [anAttempt(2, first, 2, { succeeded: true, responseCode: 204, errorKind: null }), anAttempt(1, first, 1)]);
    },
  },
  {
    name: 'a delivery to attempt is read with its event and its endpoint as stored (a disabled one too); an unknown id finds nothing',
    async run(subject) {
      const endpoint = await withEndpoint(subject, anEndpoint(80, 80, { eventTypes: ['membership.created'], failingSince: at(5) }));
      const event = anEvent(80, 80);
      await subject.eventLog.append(event);
      const delivery = await subject.eventDeliveries.ensure(aDelivery(80, event, endpoint));
      assert.deepEqual(O.toNullable(await subject.eventDeliveries.findToAttempt(delivery.id)), {
        delivery,
        event: O.some(event),
        endpoint: O.some(endpoint),
      });
      await subject.webhookEndpoints.disable(endpoint.id, 'gone', at(900));
      const disabled = O.toNullable(await subject.eventDeliveries.findToAttempt(delivery.id));
      assert.deepEqual(
        disabled === null ? null : O.map((found: WebhookEndpoint) => [found.enabled, found.disabledReason])(disabled.endpoint),
        O.some([false, 'gone']),
      );
      assert.ok(O.isNone(await subject.eventDeliveries.findToAttempt(fixtureUuid(0xe3, 99))));
    },
  },
  {
    name: 'failed and dead deliveries since a time are listed for recovery, oldest first',
    async run(subject) {
      const endpoint = await withEndpoint(subject, anEndpoint(70, 70));
      const events = [70, 71, 72, 73].map((n) => anEvent(n, 70));
      for (const event of events) await subject.eventLog.append(event);
      const [old, dead, failed, fine] = await Promise.all(
        events.map((event, i) => subject.eventDeliveries.ensure(aDelivery(70 + i, event, endpoint))),
      );
      await subject.eventDeliveries.setStatus(old!.id, 'dead', at(900));
      await subject.eventDeliveries.setStatus(dead!.id, 'dead', at(900));
      await subject.eventDeliveries.setStatus(failed!.id, 'failed', at(900));
      await subject.eventDeliveries.setStatus(fine!.id, 'succeeded', at(900));
      const listed = await subject.eventDeliveries.listFailedSince(endpoint.id, at(71));
      assert.deepEqual(
        listed.map((d) => d.id),
        [dead!.id, failed!.id],
      );
    },
  },
];
