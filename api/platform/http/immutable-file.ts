import type { Readable } from 'node:stream';
import type { Context } from 'koa';

/** A stored file to send: its bytes as a stream, its size and its type. */
export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Sends a file whose name changes whenever its bytes do (a logo's, a picture's): cached by anyone
 * for a year and never revalidated, its type never sniffed.
 */
export function sendImmutableFile(ctx: Context, file: StoredFile): void {
  ctx.set('Content-Type', file.contentType);
  ctx.set('Content-Length', String(file.size));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.body = file.stream;
}
