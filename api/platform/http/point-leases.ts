import type { DataSource } from 'typeorm';
import { tooManyRequests } from './errors';
import { prepared } from '../../../db/prepared-statements';

/** At most this many points are reserved at once, and at most 1/LEASE_SHARE of a window's points. */
export const MAX_LEASE = 100;
const LEASE_SHARE = 20;

/** How many points a process reserves at a time for a window of `points`: 1 below 40 points a window. */
export const leaseSize = (points: number) => Math.max(1, Math.min(MAX_LEASE, Math.floor(points / LEASE_SHARE)));

interface Lease {
  /** Points reserved in the shared counter and not yet spent by this process. */
  left: number;
  /** The end of the counter's window (ms since the epoch): the lease is void after it. */
  expiresAt: number;
}

/**
 * Fixed-window counters shared by every API process in the `rate_limits` table (the layout of
 * rate-limiter-flexible's store), spent from leases: a process reserves `leaseSize(points)` points
 * of a key's window with one upsert and spends them from memory. The shared counter counts every
 * reserved point, so all processes together never pass more than `points` a window (a process
 * that stops, or a window that ends, leaves its unspent points unused: the limit can only be
 * stricter, by less than one lease per process). A key whose window is spent is refused from
 * memory until the window ends. Without leases, a crowd behind one address (a booth's Wi-Fi)
 * queued every request on one row and one commit.
 */
export class PointLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly reserving = new Map<string, Promise<void>>();
  private readonly lease: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly keyPrefix: string,
    private readonly points: number,
    private readonly durationMs: number,
  ) {
    this.lease = leaseSize(points);
  }

  /** Spends one point of `key`; throws 429 (with Retry-After) when the window has none left. */
  async spend(key: string): Promise<void> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = Date.now();
      if (lease && lease.expiresAt > now) {
        if (lease.left > 0) {
          lease.left--;
          return;
        }
        if (lease.left < 0) throw tooManyRequests((lease.expiresAt - now) / 1000);
      }
      // One reservation per key at a time; the requests that arrive meanwhile wait for it.
      let pending = this.reserving.get(key);
      if (!pending) {
        pending = this.reserve(key).finally(() => this.reserving.delete(key));
        this.reserving.set(key, pending);
      }
      await pending;
    }
  }

  /** Reserves the next lease of `key` in the shared counter (a new window when the last one ended). */
  private async reserve(key: string): Promise<void> {
    const now = Date.now();
    const [row]: { points: number; expire: string }[] = await this.dataSource.query(
      prepared(`INSERT INTO rate_limits (key, points, expire) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN rate_limits.expire <= $4 THEN $2 ELSE rate_limits.points + $2 END,
         expire = CASE WHEN rate_limits.expire <= $4 THEN $3 ELSE rate_limits.expire END
       RETURNING points, expire`),
      [`${this.keyPrefix}:${key}`, this.lease, now + this.durationMs, now],
    );
    const reservedBefore = row!.points - this.lease;
    const granted = Math.min(this.lease, this.points - reservedBefore);
    // left -1: the window is spent, refused from memory until it ends.
    this.leases.set(key, { left: granted > 0 ? granted : -1, expiresAt: Number(row!.expire) });
  }

  /** Forgets the leases whose window has ended. */
  sweep(now = Date.now()): void {
    for (const [key, lease] of this.leases) if (lease.expiresAt <= now) this.leases.delete(key);
  }
}
