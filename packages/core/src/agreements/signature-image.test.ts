import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { SIGNATURE_IMAGE_MAX_BYTES, SignatureImage } from './signature-image.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const base64Of = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

test('a PNG as base64 or as a canvas data URL decodes to its bytes', (t) => {
  for (const given of [base64Of(PNG), `data:image/png;base64,${base64Of(PNG)}`]) {
    const decoded = SignatureImage.decode(given);
    t.deepEqual(E.isRight(decoded) ? Array.from(decoded.right) : null, Array.from(PNG));
  }
});

test('base64 that does not decode, bytes that are not a PNG, and a PNG over the limit are refused, never thrown', (t) => {
  const oversized = new Uint8Array(SIGNATURE_IMAGE_MAX_BYTES + 1);
  oversized.set(PNG);
  for (const given of ['abcde', 'A', 'ab=c', '!!!!', base64Of(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9])), base64Of(oversized), 42]) {
    t.true(E.isLeft(SignatureImage.decode(given)), String(given).slice(0, 20));
  }
});
