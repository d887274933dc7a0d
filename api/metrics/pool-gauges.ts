import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

/** The pg pool behind TypeORM's DataSource (undefined before it is initialised). */
const poolOf = (dataSource: DataSource) => (dataSource.driver as unknown as { master?: pg.Pool }).master;

/**
 * This process's PostgreSQL pool, read when scraped: connections in use and idle, requests waiting
 * for one, and the most it may open (DB_POOL_SIZE). Requests waiting while every connection is in
 * use is the pool's saturation: replies slow down before they fail.
 */
export function registerPoolGauges(registry: Registry, dataSource: DataSource): void {
  const registers = [registry];
  const reading = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const pool = poolOf(dataSource);
        if (pool) this.set(read(pool));
      },
    });
  reading('trivia_db_pool_connections_in_use', 'PostgreSQL pool connections checked out by a query or transaction.', (pool) => pool.totalCount - pool.idleCount);
  reading('trivia_db_pool_connections_idle', 'PostgreSQL pool connections open and free.', (pool) => pool.idleCount);
  reading('trivia_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection.', (pool) => pool.waitingCount);
  reading('trivia_db_pool_connections_max', 'The most connections the pool opens (DB_POOL_SIZE).', (pool) => pool.options.max ?? 0);
}
