import pg from 'pg';
import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';

export interface DataSourceOptions {
  url: string;
  /** Connections in this process's pool. */
  poolSize?: number;
}

/**
 * A pool connection that never takes the process down. node-postgres emits 'error' on a connection
 * PostgreSQL drops (a restart, an administrator's shutdown) even when nobody is listening to it at
 * that moment, and an 'error' event without a listener ends a Node process. The connection is
 * already marked unusable and the pool discards it; queries still fail with their own errors.
 */
class ResilientClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

/** The one way the project talks to PostgreSQL. Schema changes come only from migrations. */
export function createDataSource({ url, poolSize = 10 }: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    logging: false,
    extra: { max: poolSize, connectionTimeoutMillis: 10_000, Client: ResilientClient },
  });
}

/** Key of the advisory lock that serialises schema changes between processes starting together. */
const MIGRATION_LOCK_KEY = 'trivia.migrations';

/**
 * Runs `work` while holding a PostgreSQL advisory lock on a connection of its own (outside the
 * pool, so a pool of one connection cannot deadlock), released however `work` ends.
 */
async function withMigrationLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: (dataSource.options as { url?: string }).url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

/**
 * Runs pending migrations; returns the names of the ones it applied (none on a second run). Two
 * processes starting at once on an empty database take turns: the second finds nothing pending.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  return withMigrationLock(dataSource, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  });
}
