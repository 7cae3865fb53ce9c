import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { IdpUserId } from './identifiers.js';
import { IdpUserJson, toProviderUser } from './idp-user-json.js';
import type { ProviderUser } from './user.js';
import { describeErrors } from '../shared/describe-errors.js';

/** The outer event envelope: `{ type, data, object, timestamp, instance_id, event_attributes }`. */
export const IdpEventEnvelope = t.type({ type: t.string, data: t.unknown });

/** `user.created` / `user.updated`: `data` is the full User object. */
export const IdpUserEventJson = t.type({
  type: t.union([t.literal('user.created'), t.literal('user.updated')]),
  data: IdpUserJson,
});

/** `user.deleted`: `data` is a DeletedObject. */
export const IdpUserDeletedEventJson = t.type({
  type: t.literal('user.deleted'),
  data: t.type({ id: IdpUserId, deleted: t.boolean }),
});

/**
 * A decoded inbound provider event. Types we do not handle are kept as `ignored`, with the id of
 * their object (a session, an organization, …), which is never a provider user id.
 */
export type IdpEvent =
  | { readonly type: 'user.created'; readonly user: ProviderUser }
  | { readonly type: 'user.updated'; readonly user: ProviderUser }
  | { readonly type: 'user.deleted'; readonly idpId: IdpUserId }
  | { readonly type: 'ignored'; readonly eventType: string; readonly objectId: string | null };

const HANDLED = new Set(['user.created', 'user.updated', 'user.deleted']);

const idOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string' ? (data as { id: string }).id : null;

const userEvent = (event: t.TypeOf<typeof IdpUserEventJson>): IdpEvent => ({ type: event.type, user: toProviderUser(event.data) });

/** Decodes a parsed webhook body; a handled type with a bad `data` is a list of problems. */
export const decodeIdpEvent = (body: unknown): E.Either<readonly string[], IdpEvent> => {
  // Every webhook runs this (docs/performance.md). The common case first: a well-formed user event passes the
  // codec's own guard, which checks what `decode` checks without a context or an Either per field
  // (these codecs never transform, so what `is` accepts `decode` would return unchanged). Anything
  // else is decoded for its problems, with early returns rather than `E.chain` (its data-last form
  // copies its arguments); a handled type decodes the whole body again, so a problem's path starts at `data`.
  if (IdpUserEventJson.is(body)) return E.right(userEvent(body));
  const envelope = IdpEventEnvelope.decode(body);
  if (E.isLeft(envelope)) return E.left(describeErrors(envelope.left));
  const { type, data } = envelope.right;
  if (!HANDLED.has(type)) return E.right({ type: 'ignored', eventType: type, objectId: idOf(data) });
  if (type === 'user.deleted') {
    return pipe(
      IdpUserDeletedEventJson.decode(body),
      E.bimap(describeErrors, (event) => ({ type: 'user.deleted' as const, idpId: event.data.id })),
    );
  }
  return pipe(IdpUserEventJson.decode(body), E.bimap(describeErrors, userEvent));
};
