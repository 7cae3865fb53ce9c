import { paramInvalid } from '../http/api-error.js';
import { optionalBoolean, optionalInt, type Body } from '../http/fields.js';
import { MAX_DELIVERY_CONCURRENCY, type DeliveryMode, type ReleaseOrder } from '../webhooks/delivery-mode.js';

const ORDERS: readonly string[] = ['fifo', 'reverse', 'shuffle'];

/** A release order from a body field, if present. */
export const optionalOrder = (body: Body, name: string): ReleaseOrder | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !ORDERS.includes(value)) throw paramInvalid(name, `${name} must be one of fifo, reverse, shuffle.`);
  return value as ReleaseOrder;
};

/** Decodes `{ duplicate?, hold?, delayMs?, reorder?, concurrency? }` for `PUT /_emulator/delivery-mode`. */
export const decodeDeliveryMode = (body: Body): Partial<DeliveryMode> => {
  const duplicate = optionalBoolean(body, 'duplicate');
  const hold = optionalBoolean(body, 'hold');
  const delayMs = optionalInt(body, 'delayMs', 0, 86_400_000);
  const reorder = optionalOrder(body, 'reorder');
  const concurrency = optionalInt(body, 'concurrency', 1, MAX_DELIVERY_CONCURRENCY);
  return {
    ...(duplicate === undefined ? {} : { duplicate }),
    ...(hold === undefined ? {} : { hold }),
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(reorder === undefined ? {} : { reorder }),
    ...(concurrency === undefined ? {} : { concurrency }),
  };
};
