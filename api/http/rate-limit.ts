import type { Context, Next } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { tooManyRequests } from '../errors';

/** Expired counters are deleted at most this often per limiter, on a write (no timers). */
export const SWEEP_INTERVAL_MS = 60_000;

/** The pg Pool behind TypeORM, which rate-limiter-flexible's PostgreSQL store accepts as is. */
function poolOf(dataSource: DataSource): unknown {
  return (dataSource.driver as unknown as { master: unknown }).master;
}

/**
 * A fixed-window counter per key in the `rate_limits` table (made by a migration), so every API
 * process shares the same counts. Spending a point is one atomic upsert, so parallel requests
 * cannot all pass on the same last point.
 */
export class RateLimiter {
  private readonly store: RateLimiterPostgres;
  private lastSweep = 0;

  constructor(
    private readonly dataSource: DataSource,
    keyPrefix: string,
    readonly points: number,
    durationSeconds: number,
  ) {
    this.store = new RateLimiterPostgres({
      storeClient: poolOf(dataSource),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration: durationSeconds,
      clearExpiredByTimeout: false,
    });
  }

  /** Spends one point of the key; throws 429 (with Retry-After) when none was left. */
  async spend(key: string): Promise<void> {
    try {
      await this.store.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000);
      throw error;
    } finally {
      await this.sweep();
    }
  }

  /** Gives back a point spent by `spend` (a login that turned out to be right). */
  async refund(key: string): Promise<void> {
    await this.store.reward(key, 1);
  }

  /** Deletes the counters whose window has ended, so the table does not grow without bound. */
  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = Date.now();
    // Not critical: a failed sweep leaves rows for the next one and must not fail the request.
    await this.dataSource.query('DELETE FROM rate_limits WHERE expire < $1', [Date.now()]).catch(() => undefined);
  }
}

export function createRateLimiter(dataSource: DataSource, keyPrefix: string, points: number, durationSeconds: number) {
  return new RateLimiter(dataSource, keyPrefix, points, durationSeconds);
}

/** Rate-limits every request that passes through it, per client address. */
export function rateLimitByAddress(limiter: RateLimiter) {
  return async (ctx: Context, next: Next) => {
    await limiter.spend(ctx.ip);
    await next();
  };
}
