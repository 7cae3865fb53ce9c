import * as E from 'fp-ts/lib/Either.js';
import { errorBody } from '../errors/error-body.js';
import type { ErrorCode } from '../errors/error-status.js';

/**
 * What a handler answers: a status, headers when needed (`Retry-After`), and at most one of a JSON
 * `body`, a `text` already in its media type, or a redirect's `location`. Only `send` writes it.
 */
export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value, serialized when sent; none for 204. */
  readonly body?: unknown;
  /** The media type of `body` when it is not `application/json; charset=utf-8`. */
  readonly mediaType?: string;
  /** A body already serialized, and its media type as Koa completes it (`text/plain` → `text/plain; charset=utf-8`). */
  readonly text?: { readonly type: string; readonly content: string };
  /** A binary body (a PDF) and its media type. */
  readonly bytes?: { readonly type: string; readonly content: Uint8Array };
  /** Where a redirect sends the client (`Location`). */
  readonly location?: string;
  /** The refusal this answer is, for the failure budget behind a signed route (`Route.failureBudget`). */
  readonly rejection?: string;
}

/** 200 with a binary body of this media type. */
export const binary = (type: string, content: Uint8Array): Reply => ({ status: 200, bytes: { type, content } });
/** 200 with a body. */
export const ok = (body: unknown): Reply => ({ status: 200, body });
/** 201 with the created resource. */
export const created = (body: unknown): Reply => ({ status: 201, body });
/** 204, no body. */
export const noContent = (): Reply => ({ status: 204 });
/** A body already serialized in its own media type (PayTR's `OK`, the Prometheus text, the OpenAPI document). */
export const text = (status: number, type: string, content: string): Reply => ({ status, text: { type, content } });
/** 303 See Other: the browser fetches `location` with a GET. */
export const seeOther = (location: string): Reply => ({ status: 303, location });
/** The same reply with more headers (`WWW-Authenticate`, `Cache-Control`). */
export const withHeaders = (reply: Reply, headers: Readonly<Record<string, string>>): Reply => ({
  ...reply,
  headers: { ...reply.headers, ...headers },
});
/** The same reply, marked as the refusal `tag` for the failure budget behind the route. */
export const asRejection = (reply: Reply, tag: string): Reply => ({ ...reply, rejection: tag });

/** A domain or edge error: its `_tag` is the public code, its status comes from the one map. */
export interface TaggedError {
  readonly _tag: ErrorCode;
  readonly message: string;
  /** When to come back (rate limits): answered in `Retry-After` and in the body. */
  readonly retryAfterSeconds?: number;
}

/**
 * The error reply for a tagged error, the API's one error writer (ARCHITECTURE §5); `problems`
 * (validation) travel along, and an error that says when to come back (`retryAfterSeconds`, e.g.
 * `InvitationRateLimited`) answers it in `Retry-After` too.
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
