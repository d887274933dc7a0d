import compress from 'koa-compress';

/** Replies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON (application/json, application/*+json): the API's replies. Event streams, files and images never. */
export function compressibleReply(type: string | undefined): boolean {
  return !!type && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

/**
 * Compresses the API's JSON replies over COMPRESS_THRESHOLD_BYTES (brotli at a fast level, else
 * gzip), with `Vary: Accept-Encoding`. Static files are not its job: the build writes their .br and
 * .gz copies and static-web serves them.
 */
export function compressJsonReplies() {
  return compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: compressibleReply,
    zstd: false,
    deflate: false,
  });
}
