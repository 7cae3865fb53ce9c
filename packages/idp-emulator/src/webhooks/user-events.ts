import { eventEnvelope, type EventOrigin, type UserEventType } from './envelope.js';
import type { WebhookDispatcher } from './dispatcher.js';
import { newId } from '../support/ids.js';
import type { EmulatorClock } from '../support/clock.js';
import type { UserJson } from '../users/user-json.js';

/** Publishes `user.*` events for user mutations. */
export class UserEvents {
  constructor(
    private readonly dispatcher: WebhookDispatcher,
    private readonly clock: EmulatorClock,
    private readonly instanceId: string,
  ) {}

  /** `user.created` with the full User object. */
  created(user: UserJson, origin?: EventOrigin): void {
    this.publish('user.created', user.id, user, origin);
  }

  /** `user.updated` with the full User object (not a diff). */
  updated(user: UserJson, origin?: EventOrigin): void {
    this.publish('user.updated', user.id, user, origin);
  }

  /** `user.deleted` with the DeletedObject. */
  deleted(userId: string, origin?: EventOrigin): void {
    this.publish('user.deleted', userId, { deleted: true, id: userId, object: 'user' }, origin);
  }

  private publish(type: UserEventType, userId: string, data: unknown, origin?: EventOrigin): void {
    const body = eventEnvelope(type, data, this.instanceId, this.clock.now(), origin);
    this.dispatcher.publish({ id: newId('msg'), eventType: type, userId, body });
  }
}
