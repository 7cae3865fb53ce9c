import * as t from 'io-ts';
import { withJsonSchema } from '../shared/json-schema.js';

/** The largest signature image accepted, in bytes (a drawn signature is a few KB). */
export const SIGNATURE_IMAGE_MAX_BYTES = 100 * 1024;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const DATA_URL = /^data:image\/png;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Whether bytes start with the PNG signature. */
export const isPng = (bytes: Uint8Array): boolean => bytes.length > PNG_MAGIC.length && PNG_MAGIC.every((byte, i) => bytes[i] === byte);

/**
 * A drawn signature: a PNG given as base64 (or a `data:image/png;base64,` URL, as a canvas gives
 * it), at most 100 KB once decoded, starting with the PNG signature.
 */
export const SignatureImage = withJsonSchema(
  new t.Type<Uint8Array, string, unknown>(
    'SignatureImage',
    (u): u is Uint8Array => u instanceof Uint8Array,
    (input, context) => {
      if (typeof input !== 'string') return t.failure(input, context, 'expected a base64 PNG');
      const base64 = input.replace(DATA_URL, '').replace(/\s+/g, '');
      // Padded base64 only (what a canvas gives): anything else would make `atob` throw.
      if (!BASE64.test(base64) || base64.length % 4 !== 0) return t.failure('(image)', context, 'expected a base64 PNG');
      if (Math.floor((base64.length * 3) / 4) > SIGNATURE_IMAGE_MAX_BYTES + 2)
        return t.failure('(image)', context, `expected a PNG of at most ${SIGNATURE_IMAGE_MAX_BYTES} bytes`);
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES)
        return t.failure('(image)', context, `expected a PNG of at most ${SIGNATURE_IMAGE_MAX_BYTES} bytes`);
      return isPng(bytes) ? t.success(bytes) : t.failure('(image)', context, 'expected a PNG image');
    },
    (bytes) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')),
  ),
  { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png', description: 'a PNG of at most 100 KB' },
);

/** A typed name: trimmed, 1–200 characters, any alphabet. */
export const TypedName = withJsonSchema(
  new t.Type<string, string, unknown>(
    'TypedName',
    (u): u is string => typeof u === 'string' && u.trim() !== '' && u.length <= 200,
    (input, context) =>
      typeof input === 'string' && input.trim() !== '' && input.trim().length <= 200
        ? t.success(input.trim())
        : t.failure(input, context, 'expected a name of 1 to 200 characters'),
    (name) => name,
  ),
  { type: 'string', minLength: 1, maxLength: 200 },
);
