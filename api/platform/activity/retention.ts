import { LessThan, type DataSource } from 'typeorm';
import { ActivityEntryEntity } from '../../../db/entities';

const DAY_MS = 86_400_000;

/** Deletes the entries older than the retention (ACTIVITY_RETENTION_DAYS); how many went. */
export async function sweepActivity(dataSource: DataSource, retentionDays: number, now = Date.now()): Promise<number> {
  const result = await dataSource.manager.delete(ActivityEntryEntity, { at: LessThan(new Date(now - retentionDays * DAY_MS)) });
  return result.affected ?? 0;
}

/**
 * Sweeps at once and then every day, until the returned stop is called; a failed sweep is logged
 * and tried again the next day. The timer does not keep the process alive.
 */
export function keepActivitySwept(dataSource: DataSource, retentionDays: number, onError: (error: unknown) => void): { first: Promise<void>; stop: () => void } {
  const sweep = () => sweepActivity(dataSource, retentionDays).then(() => undefined, onError);
  const timer = setInterval(() => void sweep(), DAY_MS);
  timer.unref();
  return { first: sweep(), stop: () => clearInterval(timer) };
}
