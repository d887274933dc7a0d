import type { Context, Next } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { AppError, tooManyRequests } from './errors';
import { PointLeases } from './point-leases';
import { requestPath } from './request-path';

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
  private readonly leases: PointLeases | undefined;
  private readonly refusals: RateLimiterOptions['refusals'];
  private lastSweep = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly keyPrefix: string,
    readonly points: number,
    durationSeconds: number,
    { blockInMemory = false, leased = false, refusals }: RateLimiterOptions = {},
  ) {
    this.refusals = refusals;
    this.leases = leased ? new PointLeases(dataSource, keyPrefix, points, durationSeconds * 1000) : undefined;
    this.store = new RateLimiterPostgres({
      storeClient: poolOf(dataSource),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration: durationSeconds,
      clearExpiredByTimeout: false,
      // An address over its limit is refused from memory until its window ends: a flood costs the database nothing more.
      ...(blockInMemory ? { inMemoryBlockOnConsumed: points + 1, inMemoryBlockDuration: durationSeconds } : {}),
    });
  }

  /**
   * Spends one point of the key; throws 429 (with Retry-After) when none was left. Answers the
   * points the key has spent in its window, this one included (undefined for a leased limiter,
   * which counts them in its leases).
   */
  async spend(key: string): Promise<number | undefined> {
    try {
      if (this.leases) {
        await this.leases.spend(key);
        return undefined;
      }
      return (await this.store.consume(key)).consumedPoints;
    } catch (error) {
      const refusal = error instanceof RateLimiterRes ? tooManyRequests(error.msBeforeNext / 1000) : error;
      if (refusal instanceof AppError && refusal.status === 429) this.refusals?.inc({ limiter: this.keyPrefix });
      throw refusal;
    } finally {
      await this.sweep();
    }
  }

  /** Gives back a point spent by `spend` (a login that turned out to be right). */
  async refund(key: string): Promise<void> {
    // A leased point is counted as spent once reserved: leased limiters count requests, not failures.
    if (this.leases) throw new Error('A leased rate limit gives no points back');
    await this.store.reward(key, 1);
  }

  /** Deletes the counters whose window has ended, so the table does not grow without bound. */
  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = Date.now();
    this.leases?.sweep(this.lastSweep);
    // Not critical: a failed sweep leaves rows for the next one and must not fail the request.
    await this.dataSource.query('DELETE FROM rate_limits WHERE expire < $1', [Date.now()]).catch(() => undefined);
  }
}

export interface RateLimiterOptions {
  /** Refuse an address over its limit from memory for the rest of its window (no database write). */
  blockInMemory?: boolean;
  /** Spend points from leases of the shared counter (api/platform/http/point-leases.ts): one write per lease, not per request. */
  leased?: boolean;
  /** Counts each request refused, labelled with the limiter's key prefix (GET /metrics shows it). */
  refusals?: { inc(labels: { limiter: string }): void };
}

export function createRateLimiter(dataSource: DataSource, keyPrefix: string, points: number, durationSeconds: number, options?: RateLimiterOptions) {
  return new RateLimiter(dataSource, keyPrefix, points, durationSeconds, options);
}

/** Rate-limits every request that passes through it, per client address. */
export function rateLimitByAddress(limiter: RateLimiter) {
  return async (ctx: Context, next: Next) => {
    await limiter.spend(ctx.ip);
    await next();
  };
}

/**
 * Anonymous GET paths left out of the public read limit: the health check (monitors), and the
 * player's bundle and manifest and the questions' pictures, which every kiosk and phone of a booth
 * fetches behind one address and which cost a few primary-key reads or a file (the bundle answers
 * 304 to a device that has it; a picture is cached for a year). A trivia's poll results count
 * their votes: they are counted like a ranking.
 */
const UNLIMITED_PUBLIC_READS = [/^\/api\/health$/, /^\/api\/play\/[^/]+\/(?:bundle|manifest\.webmanifest)$/, /^\/api\/pictures\/p[0-9a-f]{24}-/];

/**
 * Rate-limits the API's anonymous reads (GET and HEAD without a signed-in user: rankings, public
 * campaigns, sites, document types, and any admin read tried without a session) per client
 * address. Signed-in admins are not counted. Runs after the user is loaded.
 */
export function publicReadLimit(limiter: RateLimiter) {
  return async (ctx: Context, next: Next) => {
    const path = requestPath(ctx).canonical;
    const counted =
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      requestPath(ctx).isApi &&
      !ctx.state.user &&
      !UNLIMITED_PUBLIC_READS.some((pattern) => pattern.test(path));
    if (counted) await limiter.spend(ctx.ip);
    await next();
  };
}
