// Files a person should never manage to upload: things that are not images, and images that lie about their size.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { png } from './fixtures.ts';
import { photo } from './quest-fixtures.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 2 KB PNG declaring 30000x30000 pixels (900 megapixels): one row of real, highly compressed data. */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const rows = deflateSync(Buffer.alloc((1 + side * 3) * 4), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small solid-colour JPEG whose frame header (SOF0) is rewritten to claim 30000x30000 pixels. */
export async function jpegBomb(side = 30_000): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#e8590c' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no SOF0 marker');
  jpeg.writeUInt16BE(side, sof + 5);
  jpeg.writeUInt16BE(side, sof + 7);
  return jpeg;
}

export async function truncatedJpeg(): Promise<Buffer> {
  const full = await sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: '#495057',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

export type FilePart = { file: Buffer; filename: string; type: string };
export type FilePool = Record<string, FilePart>;

/** The files generated forms pick from: a valid image now and then, mostly things that are not one. */
export async function filePool(): Promise<FilePool> {
  return {
    png: { file: await png(8, 8), filename: 'tiny.png', type: 'image/png' },
    jpeg: { file: await photo('#2f9e44', 12, 8), filename: 'tiny.jpg', type: 'image/jpeg' },
    textAsPng: { file: Buffer.from('just some text'), filename: 'notes.png', type: 'image/png' },
    svg: { file: SVG, filename: 'x.svg', type: 'image/svg+xml' },
    pdf: { file: PDF, filename: 'doc.pdf', type: 'application/pdf' },
    empty: { file: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' },
    noise: {
      file: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) & 0xff)),
      filename: 'noise.jpg',
      type: 'image/jpeg',
    },
  };
}
