/**
 * Whether a request body can be sent a second time: absent, a string, bytes, a `Blob`,
 * `URLSearchParams` or `FormData`. A stream is consumed by the first send, so a retry would throw
 * or send an empty body.
 */
export const isReplayableBody = (body: unknown): boolean =>
  body === undefined ||
  body === null ||
  typeof body === 'string' ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
  (typeof FormData !== 'undefined' && body instanceof FormData);
