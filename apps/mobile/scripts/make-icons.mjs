// Draws the app icons (PNG 192/512 for the web manifest) in code, so no image is downloaded or hand-edited:
// a teal square with a white heart, the same drawing as public/icon.svg. Run: node apps/mobile/scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Buffer } from 'node:buffer';

const TEAL = [9, 146, 104];
const WHITE = [255, 255, 255];

/** Inside the heart curve (x² + y² − 1)³ − x²y³ ≤ 0, with y pointing up, in units where the heart is about 2.3 wide. */
function inHeart(x, y) {
  const a = x * x + y * y - 1;
  return a * a * a - x * x * y * y * y <= 0;
}

function pixel(size, px, py) {
  // 4×4 supersampling for smooth edges.
  let cover = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const u = (px + (i + 0.5) / 4) / size; // 0..1
      const v = (py + (j + 0.5) / 4) / size;
      const x = (u - 0.5) * 3.2;
      const y = (0.5 - v) * 3.2 + 0.15;
      if (inHeart(x, y)) cover++;
    }
  }
  const f = cover / 16;
  return TEAL.map((c, k) => Math.round(c * (1 - f) + WHITE[k] * f));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(size, x, y);
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.join(import.meta.dirname, '..', 'public');
for (const size of [192, 512]) fs.writeFileSync(path.join(out, `icon-${size}.png`), png(size));
