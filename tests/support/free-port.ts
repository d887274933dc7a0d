import { createConnection, createServer } from 'node:net';

/** A TCP port nothing listens on at this moment, on the loopback interface. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** Resolves once something accepts TCP connections on the port; rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 20_000, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Ports that fetch (undici) and Chromium refuse to reach ("bad port"), in the ranges the tests pick
 * from: a server started on one would never answer its health check.
 */
const BROWSER_BLOCKED_PORTS = new Set([4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697]);

/** A random port in [from, from + span) that no browser or fetch refuses (clear of `blockedSpan` ports after it, for servers numbered from it). */
export function randomPortIn(from: number, span: number, blockedSpan = 1): number {
  for (;;) {
    const port = from + Math.floor(Math.random() * span);
    const numbered = Array.from({ length: blockedSpan }, (_, i) => port + i);
    if (!numbered.some((p) => BROWSER_BLOCKED_PORTS.has(p))) return port;
  }
}
