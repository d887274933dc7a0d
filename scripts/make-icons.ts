/**
 * Draws the app icons (a white speech bubble with a question mark on violet) as PNGs, so the
 * repository needs no image tools. Run: tsx scripts/make-icons.ts
 */
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x / size, y / size), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const VIOLET: [number, number, number, number] = [109, 40, 217, 255];
const WHITE: [number, number, number, number] = [255, 255, 255, 255];
const CLEAR: [number, number, number, number] = [0, 0, 0, 0];

/** The glyph in unit coordinates centred on (0.5, 0.5), scaled by `s`. */
function glyph(x: number, y: number, s: number): boolean {
  const u = (x - 0.5) / s + 0.5;
  const v = (y - 0.5) / s + 0.5;
  const ring = Math.hypot(u - 0.5, v - 0.4);
  const arc = ring > 0.13 && ring < 0.22 && (v < 0.42 || u > 0.5);
  const stem = Math.abs(u - 0.52) < 0.045 && v > 0.5 && v < 0.64;
  const dot = Math.hypot(u - 0.52, v - 0.76) < 0.055;
  return arc || stem || dot;
}

function roundedSquare(x: number, y: number, r: number): boolean {
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  return Math.hypot(dx, dy) <= r;
}

for (const size of [192, 512]) {
  writeFileSync(`web/public/icons/icon-${size}.png`, png(size, (x, y) => (roundedSquare(x, y, 0.2) ? (glyph(x, y, 0.9) ? WHITE : VIOLET) : CLEAR)));
}
writeFileSync('web/public/icons/icon-512-maskable.png', png(512, (x, y) => (glyph(x, y, 0.65) ? WHITE : VIOLET)));
writeFileSync('web/public/favicon.png', png(64, (x, y) => (roundedSquare(x, y, 0.2) ? (glyph(x, y, 0.9) ? WHITE : VIOLET) : CLEAR)));
writeFileSync('web/public/apple-touch-icon.png', png(180, (x, y) => (glyph(x, y, 0.8) ? WHITE : VIOLET)));
console.log('icons written');
