import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import { errorBody } from '../errors/error-body.js';
import type { ErrorCode } from '../errors/error-status.js';

/** What a handler answers: a status and, except for 204, a JSON body. */
export interface Reply {
  readonly status: number;
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
}

/** The error reply for a tagged error; `problems` (validation) travel along. */
export const failure = (error: TaggedError): Reply => {
  const problems = (error as { problems?: readonly string[] }).problems;
  const body = errorBody(error._tag, error.message);
  return { status: body.statusCode, body: problems === undefined ? body : { ...body, problems } };
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
  ctx.status = reply.status;
  if (reply.body !== undefined) ctx.body = reply.body;
};
