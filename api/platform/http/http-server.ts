import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { ApiErrorBody, ErrorCode } from '../../../contract';
import type { ConnectionLimits } from '../config';

/**
 * Node checks its header and body timeouts on this interval (30 s by default), so a timeout of
 * 20 s could let a slow client hold its connection for 50 s; a second keeps them close to exact.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/** What a connection that broke HTTP gets before it is closed: the contract's error shape, as every other refusal. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    message: 'La solicitud tardó demasiado en llegar. Revisa la conexión e inténtalo de nuevo.',
  },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'bad_request', message: 'Las cabeceras de la solicitud son demasiado grandes' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', code: 'bad_request' as ErrorCode, message: 'Solicitud no válida' };

function rawErrorReply({ status, reason, code, message }: (typeof CLIENT_ERRORS)[string]): string {
  const body = JSON.stringify({ error: message, message, code } satisfies ApiErrorBody);
  const head = [`HTTP/1.1 ${status} ${reason}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Replaces Node's bare replies to a connection that times out or sends broken HTTP with the
 * contract's error shape, when nothing was written on it yet; the connection is closed either way.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex & { bytesWritten?: number }) {
  if (error.code !== 'ECONNRESET' && socket.writable && !socket.bytesWritten) {
    socket.write(rawErrorReply(CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED));
  }
  socket.destroy(error);
}

/** The app's HTTP server, with its connection limits: `npm start` and the tests' servers are made here. */
export function createHttpServer(app: Koa, limits: ConnectionLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    app.callback(),
  );
  server.keepAliveTimeout = limits.keepAliveMs;
  server.on('clientError', answerClientError);
  return server;
}
