import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { createDataSource, migrate } from '../../db/data-source';
import { migrations } from '../../db/migrations';
import { databaseUrl } from '../support/database';
import { catalogueDifference, schemaCatalogue } from '../support/schema-catalogue';

/**
 * Every migration up, then every down() from the newest to the oldest, then up again the app's
 * way, on an empty database of this file's own: each down() must leave the schema exactly as it
 * was right before its up(), and the second up must make the schema the first one made.
 */

const name = `downs_${randomBytes(4).toString('hex')}`;
let dataSource: DataSource;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dataSource = createDataSource({ url: databaseUrl(name), poolSize: 2 });
  await dataSource.initialize();
});
afterAll(async () => {
  await dataSource.destroy();
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** One migration step in a transaction of its own, as the app runs them (`transaction: 'each'`); an error names the step. */
async function step(runner: QueryRunner, migration: MigrationInterface, direction: 'up' | 'down') {
  await runner.startTransaction();
  try {
    await migration[direction](runner);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw new Error(`${migration.name}.${direction}(): ${(error as Error).message}`, { cause: error });
  }
}

it("runs every migration's down() from the newest to the oldest, each leaving the schema as it was before its up(), and up again makes the same schema", async () => {
  const runner = dataSource.createQueryRunner();
  try {
    const beforeUp: string[][] = [];
    for (const Migration of migrations) {
      beforeUp.push(await schemaCatalogue(runner));
      await step(runner, new Migration(), 'up');
    }
    const firstUp = await schemaCatalogue(runner);

    for (let k = migrations.length - 1; k >= 0; k--) {
      const migration = new migrations[k]!();
      await step(runner, migration, 'down');
      const difference = catalogueDifference(beforeUp[k]!, await schemaCatalogue(runner));
      expect({ afterDownOf: migration.name, ...difference }).toEqual({ afterDownOf: migration.name, lost: [], added: [] });
    }
    const left = await runner.query(`SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`);
    expect(left).toEqual([]);

    expect(await migrate(dataSource)).toEqual(migrations.map((Migration) => new Migration().name));
    expect({ secondUp: true, ...catalogueDifference(firstUp, await schemaCatalogue(runner)) }).toEqual({ secondUp: true, lost: [], added: [] });
  } finally {
    await runner.release();
  }
});
