import http from 'node:http';
import type { WireRequest } from './requests';

export interface WireReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Kept-alive connections shared by every case: the fuzzer's cost is the API's work, not TCP set-up. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * Sends the request exactly as built (node:http, not fetch: a GET may carry a body, the path is
 * not normalised, a malformed body goes out malformed).
 */
export function send(baseUrl: string, request: WireRequest, cookie?: string): Promise<WireReply> {
  const url = new URL(baseUrl);
  const headers = { ...request.headers, ...(cookie ? { Cookie: cookie } : {}) };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no reply within 60 s to ${request.method} ${request.path.slice(0, 200)}`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

export function closeConnections() {
  agent.destroy();
}
