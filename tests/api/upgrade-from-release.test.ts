import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDataSource, migrate } from '../../db/data-source';
import { migrations } from '../../db/migrations';
import { startTestApi, type TestApi } from '../support/api-server';
import { createTestDatabase } from '../support/database';
import type { TestClient } from '../support/http-client';
import { loadDatabase, migrateUpTo, readReleaseFixture, readRoutes, type ReleaseData, type Readings } from '../support/release-fixture';
import { compareAnalysisWithRecomputation, comparePlacesWithRecomputation, compareWithRecomputation } from '../support/standings-recomputed';
import type { StandingsWorld } from '../support/standings-world';

/**
 * A database made by the previous release (tests/fixtures/previous-release: its rows at its
 * last migration) migrated forward by every later migration, then served by today's app: every
 * route the organiser read on that release (rankings whole, by day and by site; the analysis and
 * "Sedes y kioscos"; the campaign's ranking and analysis; the draws and their verification; the
 * disqualifications) answers the same, and the standings, places and logs the migrations carried
 * over equal what today's code recomputes from the rounds.
 */

let api: TestApi;
let admin: TestClient;
let data: ReleaseData;
let readings: Readings;
let applied: string[];
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  ({ data, readings } = await readReleaseFixture());
  const database = await createTestDatabase({ empty: true });
  dropDatabase = database.drop;
  await migrateUpTo(database.url, data.lastMigration);
  const dataSource = createDataSource({ url: database.url, poolSize: 2 });
  await dataSource.initialize();
  try {
    await loadDatabase(dataSource, data);
    applied = await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
  api = await startTestApi({}, { onDatabase: database.url });
  admin = await api.adminClient();
});
afterAll(async () => {
  await api?.close();
  await dropDatabase?.();
});

it('applies every migration after the release', () => {
  const last = migrations.findIndex((migration) => migration.name === data.lastMigration);
  expect(applied).toEqual(migrations.slice(last + 1).map((migration) => migration.name));
});

it("answers every route as the release answered it: rankings, analysis, 'Sedes y kioscos', draws", async () => {
  const routes = Object.keys(readings);
  expect(routes.length).toBeGreaterThan(20);
  const now = await readRoutes(admin, routes);
  // Everything the release said is said the same (a field added since, as the analysis' timed-out count, may stand beside it).
  for (const route of routes) expect(now[route], route).toMatchObject(readings[route] as object);
});

it('keeps standings, places and analysis logs equal to a recomputation from the rounds', async () => {
  const ids = (table: string) => data.tables[table]!.rows.map((row) => ({ id: row[data.tables[table]!.columns.indexOf('id')] as number }));
  const world = {
    trivias: ids('question_groups').map((group) => ({ group })),
    sites: ids('locations'),
    campaigns: ids('campaigns'),
  } as unknown as StandingsWorld;
  await compareWithRecomputation(api, admin, world);
  const ranked = await comparePlacesWithRecomputation(
    api,
    world.trivias.map(({ group }) => group.id),
  );
  expect(ranked).toBeGreaterThan(20);
  const [kiosk] = data.tables.devices!.rows;
  expect(await compareAnalysisWithRecomputation(api, world, kiosk![data.tables.devices!.columns.indexOf('id')] as string)).toBeGreaterThan(0);
});
