import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build';
import { filesUnder } from './files';

/** Files served compressed: text formats over this size get .br and .gz copies next to them. */
export const COMPRESSED_EXTENSIONS = ['js', 'css', 'html', 'svg', 'webmanifest', 'json'];
export const COMPRESS_MIN_BYTES = 1024;

/** Writes name.br and name.gz beside every compressible file of dir (after the service worker exists). */
export function writeCompressedCopies(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSED_EXTENSIONS.includes(path.extname(file).slice(1))) continue;
    const full = path.join(dir, file);
    const content = readFileSync(full);
    if (content.length < COMPRESS_MIN_BYTES) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
    written++;
  }
  return written;
}

/** Last step of the player build (so both builds' files and sw.js are there): pre-compressed copies. */
export function precompress(outDir: string): Plugin {
  return afterBuild('precompress', () => {
    writeCompressedCopies(outDir);
  });
}

