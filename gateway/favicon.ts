import { crc32, deflateSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { sendStatic } from './static-response.js';

const SIZE = 32;
/** The platform's mark: a slate square with a blue inner square, as an RGBA pixel at (x, y). */
function pixel(x: number, y: number): [number, number, number, number] {
  const inner = x >= 9 && x < 23 && y >= 9 && y < 23;
  return inner ? [0x93, 0xc5, 0xfd, 0xff] : [0x1f, 0x29, 0x37, 0xff];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method, no interlace
  const rows: number[] = [];
  for (let y = 0; y < SIZE; y++) {
    rows.push(0); // no filter on this row
    for (let x = 0; x < SIZE; x++) rows.push(...pixel(x, y));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO file holding one PNG image (every browser reads PNG-in-ICO). */
function ico(image: Buffer): Buffer {
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // an icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(SIZE, 6);
  head.writeUInt8(SIZE, 7);
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(head.length, 18);
  return Buffer.concat([head, image]);
}

let favicon: Buffer | undefined;

/** GET /favicon.ico: browsers ask for it on every page of the platform (GraphiQL, /docs, hosted pages). */
export function serveFavicon(reply: FastifyReply): FastifyReply {
  favicon ??= ico(png());
  return sendStatic(reply, 200, 'image/x-icon', favicon, { 'Cache-Control': 'public, max-age=86400' });
}
