import type { TriviaDb } from './db';

/**
 * Where the browser has no Web Locks (plain http on a LAN address is not a secure context), a
 * lease in the kiosk's database decides which tab flushes: a meta row naming the owner tab and an
 * expiry, taken and renewed in read-write transactions, so two tabs never hold it at once. A tab
 * that closes mid-flush leaves a lease that simply expires.
 */
const LEASE_KEY = 'flushLease';
export const LEASE_MS = 20_000;

interface Lease {
  owner: string;
  expiresAt: number;
}

/** Takes the lease, or renews it when `owner` holds it; false while another tab holds it. */
export async function takeLease(db: TriviaDb, owner: string, now = Date.now): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const lease = (await db.meta.get(LEASE_KEY))?.value as Lease | undefined;
    if (lease && lease.owner !== owner && lease.expiresAt > now()) return false;
    await db.meta.put({ key: LEASE_KEY, value: { owner, expiresAt: now() + LEASE_MS } satisfies Lease });
    return true;
  });
}

export async function releaseLease(db: TriviaDb, owner: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const lease = (await db.meta.get(LEASE_KEY))?.value as Lease | undefined;
    if (lease?.owner === owner) await db.meta.delete(LEASE_KEY);
  });
}
