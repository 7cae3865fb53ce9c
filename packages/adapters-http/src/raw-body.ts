import type { Context } from 'koa';

/** Why the unparsed body could not be read. */
export type RawBodyProblem = 'too-large' | 'encoded' | 'already-consumed';

/** The outcome of reading the unparsed body. */
export type RawBody = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly problem: RawBodyProblem };

/**
 * Reads the request's exact bytes with a size cap. Signatures are computed over these bytes, so no
 * parser may touch them first; a stream that some middleware already drained is reported as such.
 */
export const readRawBody = async (ctx: Context, limit: number): Promise<RawBody> => {
  const encoding = ctx.get('content-encoding').toLowerCase();
  if (encoding !== '' && encoding !== 'identity') return { ok: false, problem: 'encoded' };
  if (Number(ctx.get('content-length') || 0) > limit) return { ok: false, problem: 'too-large' };
  if (ctx.req.readableEnded) {
    // An empty body is legitimately ended at once only when nothing was announced.
    return Number(ctx.get('content-length') || 0) > 0 ? { ok: false, problem: 'already-consumed' } : { ok: true, bytes: Buffer.alloc(0) };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) return { ok: false, problem: 'too-large' };
    chunks.push(chunk as Buffer);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
};
