import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, migrate } from '../../db/data-source';
import { databaseUrl } from '../support/database';

const EXPECTED_TABLES = [
  'answers',
  'campaign_question_groups',
  'campaigns',
  'companies',
  'devices',
  'document_types',
  'locations',
  'migrations',
  'player_aliases',
  'player_attempts',
  'players',
  'question_groups',
  'questions',
  'rate_limits',
  'sessions',
  'sync_mutations',
  'users',
];

const name = `empty_${randomBytes(4).toString('hex')}`;
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

it('creates every table from an empty database, and a second run does nothing', async () => {
  expect((await migrate(dataSource)).length).toBeGreaterThan(0);
  const rows: { table_name: string }[] = await dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  expect(rows.map((r) => r.table_name)).toEqual(EXPECTED_TABLES);
  expect(await migrate(dataSource)).toEqual([]);
});

it('leaves nothing for the entities to change (migrations and entities agree)', async () => {
  const pending = await dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((q) => q.query)).toEqual([]);
});

it('seeds the document types and enforces one player per document', async () => {
  const types = await dataSource.query('SELECT code FROM document_types ORDER BY id');
  expect(types.map((t: { code: string }) => t.code)).toEqual(['CC', 'TI', 'CE', 'PA', 'PPT']);
  const indexes = await dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'players_document_key'`);
  expect(indexes[0].indexdef).toContain('UNIQUE INDEX');
});
