import { Agent, request } from 'node:http';

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * A keep-alive JSON client for one server: what a crowd of kiosks looks like to it. It keeps the
 * cookies it is given, so it can also be a signed-in admin.
 */
export function jsonClient(baseUrl: string, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const cookies = new Map<string, string>();
  const { hostname, port } = new URL(baseUrl);
  const send = (method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) =>
    new Promise<HttpReply>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            ...(cookies.size ? { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
            ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
            ...extraHeaders,
          },
        },
        (res) => {
          for (const cookie of res.headers['set-cookie'] ?? []) {
            const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
            cookies.set(name, value);
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * Runs `flow` from `workers` concurrent loops for `seconds` and counts the flows that finished
 * and the requests that were not 2xx.
 */
export async function runPool(workers: number, seconds: number, flow: (worker: number, n: number) => Promise<number>) {
  const deadline = Date.now() + seconds * 1000;
  let flows = 0;
  let failures = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; Date.now() < deadline; n++) {
        failures += await flow(worker, n);
        flows++;
      }
    }),
  );
  return { flows, failures, seconds: (Date.now() - started) / 1000 };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The given percentiles (0..100) of `values`, nearest-rank. */
export const percentiles = (values: number[], ranks: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return ranks.map((rank) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))]!);
};

/** A duration in milliseconds as the bench prints it. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;
