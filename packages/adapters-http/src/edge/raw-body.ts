import type { Context } from 'koa';

/** Why the unparsed body could not be read. */
export type RawBodyProblem = 'too-large' | 'encoded' | 'already-consumed';

/** The outcome of reading the unparsed body. */
export type RawBody = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly problem: RawBodyProblem };

/**
 * Reads the request's exact bytes with a size cap. Signatures are computed over these bytes, so no
 * parser may touch them first; a stream that some middleware already drained is reported as such.
 */
export const readRawBody = (ctx: Context, limit: number): Promise<RawBody> => {
  const encoding = ctx.get('content-encoding').toLowerCase();
  if (encoding !== '' && encoding !== 'identity') return Promise.resolve({ ok: false, problem: 'encoded' });
  if (Number(ctx.get('content-length') || 0) > limit) return Promise.resolve({ ok: false, problem: 'too-large' });
  if (ctx.req.readableEnded) {
    // An empty body is legitimately ended at once only when nothing was announced.
    return Promise.resolve(
      Number(ctx.get('content-length') || 0) > 0 ? { ok: false, problem: 'already-consumed' } : { ok: true, bytes: Buffer.alloc(0) },
    );
  }
  return collect(ctx.req, limit);
};

// Events rather than an async iterator: no promise per chunk on the webhook path (docs/performance.md).
const collect = (request: Context['req'], limit: number): Promise<RawBody> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      detach();
      // Stop reading, as raw-body does: the 413 still reaches the client, and Node discards the rest.
      request.pause();
      resolve({ ok: false, problem: 'too-large' });
    };
    const onEnd = () => {
      detach();
      resolve({ ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    };
    const onError = (error: Error) => {
      detach();
      reject(error);
    };
    const onClose = () => onError(new Error('the request closed before its body ended'));
    const detach = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
