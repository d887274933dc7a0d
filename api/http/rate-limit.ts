import type { Context, Next } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { tooManyRequests } from '../errors';

/** The pg Pool behind TypeORM, which rate-limiter-flexible's PostgreSQL store accepts as is. */
function poolOf(dataSource: DataSource): unknown {
  return (dataSource.driver as unknown as { master: unknown }).master;
}

/**
 * A fixed-window counter per key in the `rate_limits` table (made by a migration), so every API
 * process shares the same counts.
 */
export function createRateLimiter(dataSource: DataSource, keyPrefix: string, points: number, durationSeconds: number) {
  return new RateLimiterPostgres({
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
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Throws 429 (with Retry-After) when the key has no points left; otherwise spends one. */
export async function spend(limiter: RateLimiter, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000);
    throw error;
  }
}

/** Throws 429 when the key has already spent every point, without spending one. */
export async function ensureNotLimited(limiter: RateLimiter, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= limiter.points) throw tooManyRequests(state.msBeforeNext / 1000);
}

/** Rate-limits every request that passes through it, per client address. */
export function rateLimitByAddress(limiter: RateLimiter) {
  return async (ctx: Context, next: Next) => {
    await spend(limiter, ctx.ip);
    await next();
  };
}
