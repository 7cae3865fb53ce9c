import type { PushSettings } from '../../devices/push.js';
import type { Devices } from '../../devices/ports/devices.js';
import type { Notifications } from '../../devices/ports/notifications.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Memberships } from '../../membership/ports/memberships.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { Logger } from '../../shared/logger.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { EndpointSecretVault } from '../ports/endpoint-secret-vault.js';
import type { EventDeliveries } from '../ports/event-deliveries.js';
import type { EventLog } from '../ports/event-log.js';
import type { EventSender } from '../ports/event-sender.js';
import type { WebhookEndpoints } from '../ports/webhook-endpoints.js';
import type { RetrySettings } from '../retry-schedule.js';

/** How deliveries are made: the retry spacing and each attempt's timeout. */
export interface DeliverySettings extends RetrySettings {
  /** One attempt gives up after this long (15 s in production). */
  readonly timeoutMs: number;
}

/** Every port the delivery jobs need. */
export interface DeliveryPorts {
  readonly eventLog: EventLog;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly eventDeliveries: EventDeliveries;
  readonly jobQueue: JobQueue;
  readonly eventSender: EventSender;
  readonly endpointSecretVault: EndpointSecretVault;
  readonly unitOfWork: UnitOfWork;
  /** The owner and admins told (push) when an endpoint is disabled. */
  readonly memberships: Memberships;
  readonly devices: Devices;
  readonly notifications: Notifications;
  readonly pushSettings: PushSettings;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  readonly deliverySettings: DeliverySettings;
}

/** The job that makes one attempt of one delivery. */
export const DELIVER_JOB = 'events.deliver';
