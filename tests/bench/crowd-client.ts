import { jsonClient, type HttpReply } from './load';

/**
 * The crowd's HTTP side: one keep-alive client per API process, the latencies per request kind,
 * replies by status. A device sends to its API and moves to the next on a network error or a 5xx,
 * as a kiosk behind a balancer that dropped a dead process would.
 */
export function crowdClient(apis: { url: string }[], sockets: number) {
  const clients = apis.map((api) => jsonClient(api.url, sockets));
  const latencies: Record<string, number[]> = {};
  const statuses: Record<string, number> = {};
  const count = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);

  /** Sends until a reply below 500 comes back; each failure is counted and the next API tried. */
  const send = async (route: { api: number }, label: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpReply> => {
    for (let tries = 0; ; tries++) {
      const start = performance.now();
      let reply: HttpReply | undefined;
      try {
        reply = await clients[route.api % clients.length]!.send(method, path, body, headers);
      } catch {
        count('network error');
      }
      if (reply) {
        (latencies[label] ??= []).push(performance.now() - start);
        count(String(reply.status));
        if (reply.status < 500) return reply;
      }
      route.api++;
      if (tries > 200) throw new Error(`${method} ${path}: no API answered after ${tries} tries`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { send, latencies, statuses, close: () => clients.forEach((c) => c.close()) };
}
export type CrowdClient = ReturnType<typeof crowdClient>;
