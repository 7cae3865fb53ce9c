import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { describeErrors } from '@idv/core';

/** A problem answered with a 4xx (or 503) and the service's error body. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** The largest API request body; provider webhooks get more room (`WEBHOOK_BODY_BYTES`). */
export const API_BODY_BYTES = 16 * 1024;
/** The largest provider webhook body (a user object with many addresses and metadata). */
export const WEBHOOK_BODY_BYTES = 512 * 1024;

/** The request's bytes, unparsed (webhook signatures are computed over exactly these), at most `limit`. */
export const readBody = async (request: IncomingMessage, limit = API_BODY_BYTES): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpProblem(413, 'PayloadTooLarge', `The body is larger than ${limit / 1024} KiB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** Parses a JSON body and decodes it with an io-ts codec: 400 with one line per problem otherwise. */
export const decodeJson = <A>(codec: t.Decoder<unknown, A>, body: Uint8Array): A => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    throw new HttpProblem(400, 'BadRequest', 'The body is not JSON');
  }
  const decoded = codec.decode(parsed);
  if (E.isLeft(decoded)) throw new HttpProblem(400, 'ValidationFailed', describeErrors(decoded.left).join('; '));
  return decoded.right;
};

/** Sends a JSON answer. */
export const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

/** The error body of ARCHITECTURE §5: `{ statusCode, error, message, code }`. */
export const sendProblem = (response: ServerResponse, problem: HttpProblem): void => {
  const error =
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      409: 'Conflict',
      410: 'Gone',
      413: 'Payload Too Large',
      429: 'Too Many Requests',
      503: 'Service Unavailable',
    }[problem.status] ?? 'Error';
  sendJson(response, problem.status, { statusCode: problem.status, error, message: problem.message, code: problem.code }, problem.headers);
};
