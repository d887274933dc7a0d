import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseSize } from '../../api/platform/http/point-leases';
import { startApiProcesses } from '../support/api-processes';

// 60 a minute: each process reserves 3 points of the shared counter at a time.
const LIMIT = 60;
let api: Awaited<ReturnType<typeof startApiProcesses>>;

beforeAll(async () => {
  api = await startApiProcesses(2, { PLAYER_RATE_LIMIT: String(LIMIT) });
});
afterAll(async () => api?.close());

describe('the per-address player limit, spent from leases of the shared counter', () => {
  it('lets two processes together pass exactly the limit, then both refuse with 429 and Retry-After', async () => {
    expect(leaseSize(LIMIT)).toBe(3);
    const clients = api.processes.map((p) => p.client());
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < LIMIT + 10; i++) {
      const reply = await clients[i % 2]!.post('/api/devices', {});
      statuses.push(reply.status);
      if (reply.status === 429) retryAfter = Number(reply.headers.get('retry-after'));
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const [{ devices }] = await api.dataSource.query('SELECT count(*)::int AS devices FROM devices');
    expect(devices).toBe(LIMIT);
  });

  it('never passes more than the limit when the requests come at once', async () => {
    // Two fresh processes on a database of their own: a window nobody has spent yet.
    const fresh = await startApiProcesses(2, { PLAYER_RATE_LIMIT: String(LIMIT) });
    try {
      const clients = fresh.processes.map((p) => p.client());
      const replies = await Promise.all(Array.from({ length: LIMIT * 2 }, (_, i) => clients[i % 2]!.post('/api/devices', {})));
      const passed = replies.filter((r) => r.status === 201).length;
      expect(passed).toBeLessThanOrEqual(LIMIT);
      // Unspent leases can only make it stricter, by less than one lease per process.
      expect(passed).toBeGreaterThan(LIMIT - 2 * leaseSize(LIMIT));
      expect(replies.every((r) => r.status === 201 || r.status === 429)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
