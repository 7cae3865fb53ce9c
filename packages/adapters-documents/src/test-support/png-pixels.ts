import { inflateSync } from 'node:zlib';

/** An image as 8-bit grey levels: one byte per pixel, row after row. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of the 8-bit colour types read here: greyscale and RGB. */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3 };

const paeth = (left: number, up: number, upLeft: number): number => {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
};

/** Undoes the PNG row filters of `raw` in place; `stride` bytes a row, `channels` bytes a pixel. */
const unfilter = (raw: Buffer, height: number, stride: number, channels: number): Buffer => {
  const rows = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i += 1) {
      const left = i >= channels ? rows[y * stride + i - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + i]! : 0;
      const upLeft = i >= channels && y > 0 ? rows[(y - 1) * stride + i - channels]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predicted === undefined) throw new Error(`unknown PNG filter ${filter}`);
      rows[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + predicted) & 0xff;
    }
  }
  return rows;
};

/** Decodes a non-interlaced 8-bit greyscale or RGB PNG (what `pdftoppm -png` writes) to grey levels. */
export const decodePngToGrey = (png: Buffer): GreyImage => {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let [width, height, channels] = [0, 0, 0];
  const data: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      [width, height, channels] = [body.readUInt32BE(0), body.readUInt32BE(4), CHANNELS[body[9]!] ?? 0];
      if (body[8] !== 8 || channels === 0 || body[12] !== 0) throw new Error('expected a non-interlaced 8-bit greyscale or RGB PNG');
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const rows = unfilter(inflateSync(Buffer.concat(data)), height, width * channels, channels);
  const pixels = new Uint8Array(width * height);
  for (let p = 0; p < pixels.length; p += 1) {
    let sum = 0;
    for (let c = 0; c < channels; c += 1) sum += rows[p * channels + c]!;
    pixels[p] = Math.round(sum / channels);
  }
  return { width, height, pixels };
};
