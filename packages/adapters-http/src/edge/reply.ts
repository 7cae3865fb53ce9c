import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import { errorBody } from '../errors/error-body.js';
import { sendJson } from './json-response.js';
import type { ErrorCode } from '../errors/error-status.js';

/** What a handler answers: a status, headers when needed (`Retry-After`) and, except for 204, a JSON body. */
export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** 200 with a body. */
export const ok = (body: unknown): Reply => ({ status: 200, body });
/** 201 with the created resource. */
export const created = (body: unknown): Reply => ({ status: 201, body });
/** 204, no body. */
export const noContent = (): Reply => ({ status: 204 });

/** A domain or edge error: its `_tag` is the public code, its status comes from the one map. */
export interface TaggedError {
  readonly _tag: ErrorCode;
  readonly message: string;
  /** When to come back (rate limits): answered in `Retry-After` and in the body. */
  readonly retryAfterSeconds?: number;
}

/**
 * The error reply for a tagged error; `problems` (validation) travel along, and an error that says
 * when to come back (`retryAfterSeconds`, e.g. `InvitationRateLimited`) answers it in `Retry-After` too.
 */
export const failure = (error: TaggedError): Reply => {
  const { problems } = error as { problems?: readonly string[] };
  const { retryAfterSeconds } = error;
  const body = errorBody(error._tag, error.message);
  return {
    status: body.statusCode,
    ...(retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(retryAfterSeconds) } }),
    body: { ...body, ...(problems === undefined ? {} : { problems }), ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) },
  };
};

/**
 * Turns a use case's result into a reply: Left through the one error map, Right through `onRight`.
 *
 * @example
 * return replyWith(await services.createOrganization(caller, body)(), (result) => created(organizationBody(result)));
 */
export const replyWith = <A>(result: E.Either<TaggedError, A>, onRight: (value: A) => Reply): Reply =>
  E.isLeft(result) ? failure(result.left) : onRight(result.right);

/** Writes a reply to the Koa context. */
export const send = (ctx: Context, reply: Reply): void => {
  for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
  if (reply.body === undefined) ctx.status = reply.status;
  else sendJson(ctx, reply.status, reply.body);
};
