import { connect } from 'node:net';

/** The size of the pieces a body is written in. */
const PIECE = 256 * 1024;

/** What a raw upload saw: the reply's status and code, and whether the server closed the connection. */
export interface RawUploadResult {
  /** 0 when no reply arrived. */
  status: number;
  code?: string;
  /** The server ended or reset the connection after its reply (rather than keeping it for the next request). */
  closedByServer: boolean;
}

export interface RawUploadOptions {
  body: Buffer;
  contentType: string;
  /** The Content-Length announced (the body's length unless given); ignored when `chunked`. */
  declaredLength?: number;
  /** Send the body with chunked transfer encoding, no Content-Length, in chunks of this many bytes. */
  chunked?: number;
  /** Send the head and only this many bytes of the body, then nothing until `stop()`. */
  trickle?: number;
  /** How long a reply's connection is watched for the server's close before the client gives up on it. */
  closeWaitMs?: number;
}

/**
 * A PUT of a body as a hostile client sends it, on a socket of its own: the body goes out as fast
 * as the connection takes it, whatever the server replies (from a shared buffer: the client holds
 * no copy per request), and the reply is read while the body is still going out. `stop()` ends a
 * trickling upload.
 */
export function rawUpload(baseUrl: string, path: string, options: RawUploadOptions): { done: Promise<RawUploadResult>; stop: () => void } {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect({ host: hostname, port: Number(port) });
  const length = options.declaredLength ?? options.body.length;
  const head = [`PUT ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Type: ${options.contentType}`];
  head.push(options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`);
  let received = Buffer.alloc(0);
  let replied = false;
  let destroyedByUs = false;
  let closeTimer: NodeJS.Timeout | undefined;
  socket.on('error', () => undefined); // a reset after the refusal is what is tested
  socket.setNoDelay(true);

  /** The bytes to send after the head, in pieces the socket takes one after another. */
  function* pieces(): Generator<Buffer | string> {
    const slices = function* (bytes: Buffer) {
      for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
    };
    if (options.trickle !== undefined) return yield options.body.subarray(0, options.trickle);
    if (!options.chunked) return yield* slices(options.body);
    for (let at = 0; at < options.body.length; at += options.chunked) {
      const chunk = options.body.subarray(at, at + options.chunked);
      yield `${chunk.length.toString(16)}\r\n`;
      yield* slices(chunk);
      yield '\r\n';
    }
    yield '0\r\n\r\n';
  }
  // Written as fast as the socket takes them (a hostile client never waits for a reply), but a
  // piece at a time, so this process's own event loop (the server's, in tests) is not held by the
  // client's copies.
  const body = pieces();
  const pump = () => {
    for (let next = body.next(); !next.done; next = body.next()) {
      if (socket.destroyed || replied) return;
      if (!socket.write(next.value)) return void socket.once('drain', pump);
    }
  };
  socket.once('connect', () => {
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    pump();
  });

  const replyComplete = () => {
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return false;
    const declared = /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, end).toString('latin1'));
    return received.length >= end + 4 + Number(declared?.[1] ?? 0);
  };

  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    if (!replied && replyComplete()) {
      replied = true;
      closeTimer = setTimeout(() => {
        destroyedByUs = true;
        socket.destroy();
      }, options.closeWaitMs ?? 2000);
    }
  });

  const done = new Promise<RawUploadResult>((resolve) => {
    socket.once('close', () => {
      clearTimeout(closeTimer);
      const text = received.toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const code = /"code":"([a-z_]+)"/.exec(text)?.[1];
      resolve({ status, code, closedByServer: !destroyedByUs && status > 0 });
    });
  });
  return {
    done,
    stop: () => {
      destroyedByUs = true;
      socket.destroy();
    },
  };
}
