import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDataSource } from '../../db/data-source';
import { TEMPLATE_DATABASE } from './global-setup';

export const databaseUrl = (database: string) => inject('databaseUrlPattern').replace('__DB__', database);

/**
 * A database of this test file's own, cloned from the migrated template (fast: a file copy), or
 * `empty` (no migration run: the migrations' own tests).
 */
export async function createTestDatabase({ empty = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${empty ? '' : ` TEMPLATE ${TEMPLATE_DATABASE}`}`);
  await admin.end();
  return {
    url: databaseUrl(name),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl('postgres') });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * An initialised data source on a fresh database; close() drops the database. `connectVia` maps
 * the database's URL to the one the data source connects through (a pooler's); `namedStatements`
 * as DATABASE_NAMED_STATEMENTS says.
 */
export async function createTestDataSource({
  connectVia = (url: string) => url,
  namedStatements = true,
  empty = false,
}: { connectVia?: (url: string) => string; namedStatements?: boolean; empty?: boolean } = {}) {
  const database = await createTestDatabase({ empty });
  const dataSource = createDataSource({ url: connectVia(database.url), poolSize: 5, namedStatements });
  await dataSource.initialize();
  return {
    dataSource,
    url: database.url,
    close: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}
