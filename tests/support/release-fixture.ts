import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource, migrate } from '../../db/data-source';
import { migrations } from '../../db/migrations';
import type { TestClient } from './http-client';

/**
 * A database as a past release left it (tests/fixtures/previous-release): its last migration, its rows
 * and what its routes answered. tests/fixtures/make-release-fixture.ts writes one; the upgrade
 * test loads it, migrates it forward and reads the routes again.
 */

export const RELEASE_FIXTURE_DIR = path.resolve('tests/fixtures/previous-release');

/** Each table's rows (each a row of its columns' values as JSON gives them) and each sequence's position. */
export interface ReleaseData {
  lastMigration: string;
  tables: Record<string, { columns: string[]; rows: unknown[][] }>;
  sequences: Record<string, { last_value: string; is_called: boolean }>;
}

/** A route's reply as an organiser reads it: status, the total a ranking announces, the body. */
export interface Reading {
  status: number;
  total: string | null;
  body: unknown;
}
export type Readings = Record<string, Reading>;

export async function readReleaseFixture(): Promise<{ data: ReleaseData; readings: Readings }> {
  const read = async (file: string) => JSON.parse(await readFile(path.join(RELEASE_FIXTURE_DIR, file), 'utf8'));
  return { data: await read('data.json'), readings: await read('readings.json') };
}

/** Runs db/migrations/index.ts's migrations up to `lastMigration` (included) on the empty database at `url`, the app's way. */
export async function migrateUpTo(url: string, lastMigration: string): Promise<void> {
  const last = migrations.findIndex((migration) => migration.name === lastMigration);
  if (last < 0) throw new Error(`no migration named ${lastMigration}`);
  const dataSource = createDataSource({ url, poolSize: 2 });
  dataSource.setOptions({ migrations: migrations.slice(0, last + 1) });
  await dataSource.initialize();
  try {
    await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** The schema's tables with their rows, the migrations' record left out (migrating up to the fixture's last one writes it). */
const TABLES = `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'migrations' ORDER BY 1`;
const SEQUENCES = `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1`;

/** Tables of the moment, not of the event: signed-in sessions and request counts. */
const TRANSIENT = ['sessions', 'rate_limits'];

/** A table's columns that take a value (generated ones are computed). */
async function writableColumns(ds: DataSource, table: string): Promise<string[]> {
  const rows: { name: string }[] = await ds.query(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [`"${table}"`],
  );
  return rows.map((row) => row.name);
}

/** Every row of every table (in the order of their text, so a dump is the same however they were written) and every sequence's position. */
export async function dumpDatabase(ds: DataSource, lastMigration: string): Promise<ReleaseData> {
  const tables: ReleaseData['tables'] = {};
  for (const { name } of await ds.query(TABLES)) {
    if (TRANSIENT.includes(name)) continue;
    const columns = await writableColumns(ds, name);
    const list = columns.map((column) => `"${column}"`).join(', ');
    const [{ rows }] = await ds.query(`SELECT coalesce(json_agg(json_build_array(${list}) ORDER BY r::text), '[]') AS rows FROM (SELECT ${list} FROM "${name}") r`);
    if (rows.length > 0) tables[name] = { columns, rows };
  }
  const sequences: ReleaseData['sequences'] = {};
  for (const { name } of await ds.query(SEQUENCES)) [sequences[name]] = await ds.query(`SELECT last_value::text, is_called FROM "${name}"`);
  return { lastMigration, tables, sequences };
}

/**
 * Replaces every row of the database at `ds` (migrated up to `data.lastMigration`) with the
 * fixture's, with triggers and foreign keys off while it loads (the logs and counts the triggers
 * keep are rows of the fixture), and puts each sequence where it was.
 */
export async function loadDatabase(ds: DataSource, data: ReleaseData): Promise<void> {
  await ds.transaction(async (em) => {
    await em.query(`SET LOCAL session_replication_role = replica`);
    const all: { name: string }[] = await em.query(TABLES);
    await em.query(`TRUNCATE ${all.map(({ name }) => `"${name}"`).join(', ')}`);
    for (const [table, { columns, rows }] of Object.entries(data.tables)) {
      const objects = rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])));
      const list = columns.map((column) => `"${column}"`).join(', ');
      await em.query(`INSERT INTO "${table}" (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(null::"${table}", $1::json)`, [JSON.stringify(objects)]);
    }
    for (const [sequence, { last_value, is_called }] of Object.entries(data.sequences)) {
      await em.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [`"${sequence}"`, last_value, is_called]);
    }
  });
}

/** Reads each route as the signed-in organiser `admin` does. */
export async function readRoutes(admin: TestClient, routes: string[]): Promise<Readings> {
  const readings: Readings = {};
  for (const route of routes) {
    const reply = await admin.get(route);
    readings[route] = { status: reply.status, total: reply.headers.get('x-total-count'), body: reply.body };
  }
  return readings;
}
