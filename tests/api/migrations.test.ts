import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { tmpdir } from 'node:os';
import { prepareDatabase } from '../../api/bootstrap';
import { loadConfig } from '../../api/config';
import { createDataSource, migrate } from '../../db/data-source';
import { databaseUrl } from '../support/database';

const EXPECTED_TABLES = [
  'answers',
  'bundle_generation',
  'campaign_question_groups',
  'campaign_standing_counts',
  'campaign_standings',
  'campaigns',
  'companies',
  'consent_texts',
  'devices',
  'document_types',
  'kiosk_setup_links',
  'locations',
  'logo_uploads',
  'migrations',
  'player_aliases',
  'player_attempts',
  'player_erasures',
  'player_merges',
  'player_name_changes',
  'players',
  'prize_draws',
  'question_groups',
  'questions',
  'ranking_disqualifications',
  'rate_limits',
  'sessions',
  'sync_mutations',
  'trivia_standing_counts',
  'trivia_standings',
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

it('lets two processes start at once on an empty database: both succeed, one admin and one demo company', async () => {
  const fresh = `race_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${fresh}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ADMIN_PASSWORD: 'race-admin-password' });
  const sources = [createDataSource({ url: databaseUrl(fresh), poolSize: 2 }), createDataSource({ url: databaseUrl(fresh), poolSize: 2 })];
  try {
    await Promise.all(sources.map((source) => source.initialize()));
    const results = await Promise.all(sources.map((source) => prepareDatabase(source, config)));
    expect(results.filter((r) => r.bootstrap.admin)).toHaveLength(1);
    expect(results.filter((r) => r.appliedMigrations.length > 0)).toHaveLength(1);
    const [users] = await sources[0]!.query(`SELECT count(*)::int AS n, min(role) AS role FROM users`);
    expect(users).toEqual({ n: 1, role: 'admin' });
    const [companies] = await sources[0]!.query('SELECT count(*)::int AS n FROM companies');
    expect(companies.n).toBe(1);
  } finally {
    await Promise.all(sources.map((source) => (source.isInitialized ? source.destroy() : undefined)));
    await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
    await admin.end();
  }
}, 60_000);
