import type { ColumnCodec } from './decode-column.js';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A jsonb column decoded with a core codec (a string when the driver leaves jsonb unparsed). */
export const jsonb = <A>(codec: ColumnCodec<A>): ColumnCodec<A> => ({
  name: codec.name,
  decode: (input) => codec.decode(typeof input === 'string' ? parseJson(input) : input),
});
