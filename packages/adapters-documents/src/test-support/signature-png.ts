import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A drawn signature as a browser's canvas gives it: an 8-bit RGBA PNG, a dark blue wave on a
 * transparent background (pdfkit embeds the alpha channel as a soft mask, asynchronously).
 */
export const signaturePng = (width = 240, height = 80): Uint8Array => {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + 4 * width, 0); // filter byte 0 (none), then transparent pixels
    for (let x = 0; x < width; x += 1) {
      const wave = height / 2 + (height / 3) * Math.sin(x / 14);
      if (Math.abs(y - wave) < 2.5) row.set([0x10, 0x20, 0x60, 0xff], 1 + 4 * x);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]),
  );
};
