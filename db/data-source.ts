import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';

export interface DataSourceOptions {
  url: string;
  /** Connections in this process's pool. */
  poolSize?: number;
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
    extra: { max: poolSize, connectionTimeoutMillis: 10_000 },
  });
}

/** Runs pending migrations; returns the names of the ones it applied (none on a second run). */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
