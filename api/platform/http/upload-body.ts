import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import { badRequest, payloadTooLarge } from './errors';

/**
 * The raw bodies of the signed uploads (a logo's, a picture's: docs/security.md, "Upload bodies").
 * A body is read only once everything that can refuse it without its bytes has said yes (its
 * declared length here; the URL's claim and a place among the uploads in hand in each area), and
 * then only up to its limit, whether or not it declared a length. A reply sent before the body was
 * read to its end closes the connection: Node would otherwise read the rest to keep it alive.
 */

/** 413 at once when the declared Content-Length is over the limit: nothing of the body is read. */
export function refuseDeclaredOversize(req: IncomingMessage, maxBytes: number, tooLarge: string): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge(tooLarge);
}

/** An upload whose client went away before its body ended (nobody is left to read the reply). */
const interrupted = () => badRequest('La subida se interrumpió antes de terminar');

/**
 * Reads a raw request body of at most `maxBytes`: 413 when its declared length is over it, or as
 * soon as the bytes received pass it (a chunked body declares none), keeping nothing beyond it and
 * reading no further.
 */
export function readUploadBody(req: IncomingMessage, maxBytes: number, tooLarge: string): Promise<Buffer> {
  try {
    refuseDeclaredOversize(req, maxBytes, tooLarge);
  } catch (error) {
    return Promise.reject(error);
  }
  // A body sent as JSON was already read by the JSON parser: there are no image bytes left.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      chunks = [];
      req.pause(); // read no further: the reply closes the connection (closeWhenUnread)
      reject(payloadTooLarge(tooLarge));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onClose = () => {
      stop();
      reject(interrupted());
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
  });
}

/** How long a connection whose body was not read to its end stays open after its reply, reading nothing, before it is closed. */
const LINGER_MS = 1000;

/**
 * For the upload routes: a reply sent while the request's body is not read to its end (refused
 * before reading it, or cut at its limit) says `Connection: close`, so Node closes the connection
 * once the reply is out instead of reading the rest of the body into nothing.
 *
 * Closing a socket with unread bytes resets it, and a reset that reaches the client before it read
 * the reply loses that reply (a flood of refused uploads showed it: a client still sending, or
 * merely slow to read, got a network error instead of its 409/503/413). So for every reply sent
 * with the body unread, the reply and the end of the server's side go out, nothing more is read
 * (`npm run bench`, step 9: the health check stays fast), and the socket is destroyed `LINGER_MS`
 * later (Node's `destroySoon`, which closes it at once, is replaced for it).
 */
export async function closeWhenUnread(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } finally {
    if (!ctx.req.complete) {
      ctx.set('Connection', 'close');
      ctx.req.pause();
      const socket = ctx.req.socket;
      // Node reads a request's unread body into nothing once its reply is out ("dumping" it), at the
      // sender's speed: marked as dumped already, and the socket paused, nothing more is read.
      (ctx.req as IncomingMessage & { _dumped?: boolean })._dumped = true;
      socket.destroySoon = () => {
        socket.end();
        socket.pause();
        setTimeout(() => socket.destroy(), LINGER_MS).unref();
      };
    }
  }
}
