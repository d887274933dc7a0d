import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { PlaceCounts1797520000000 } from '../../db/migrations/1797520000000-place-counts';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { insertCompletedAttempt } from '../support/attempts';
import { createTestDataSource } from '../support/database';

/** Migrations of the standings' own tables, each run down and up again over standings already kept. */

let dataSource: DataSource;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ dataSource, close } = await createTestDataSource());
});
afterAll(() => close());

it("counts the whole rankings' standings per score and per score and time, and down() removes the counts and their triggers", async () => {
  const migration = new PlaceCounts1797520000000();
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down(runner);
    const company = await buildCompany(dataSource, { name: 'Puestos' });
    const { group } = await buildTrivia(dataSource, company.id);
    for (const [score, completionTime] of [[100, 30], [100, 30], [50, 30], [50, 41]] as const) {
      await insertCompletedAttempt(dataSource, { playerId: (await buildPlayer(dataSource)).id, groupId: group.id, score, completionTime });
    }
    await migration.up(runner);
    const counts = (log: string, keys: string) =>
      dataSource.query(`SELECT ${keys}, sum(delta)::int AS n FROM ${log} WHERE question_group_id = $1 GROUP BY ${keys} ORDER BY ${keys}`, [group.id]);
    expect(await counts('trivia_score_counts', 'score')).toEqual([{ score: 50, n: 2 }, { score: 100, n: 2 }]);
    expect(await counts('trivia_score_time_counts', 'score, time_key')).toEqual([
      { score: 50, time_key: 30, n: 1 },
      { score: 50, time_key: 41, n: 1 },
      { score: 100, time_key: 30, n: 2 },
    ]);
    await migration.down(runner);
    expect(await dataSource.query(`SELECT to_regclass('trivia_score_counts') AS s, to_regclass('trivia_score_time_counts') AS t`)).toEqual([{ s: null, t: null }]);
    expect(await dataSource.query(`SELECT tgname FROM pg_trigger WHERE tgname LIKE 'trivia_place%' OR tgname LIKE 'trivia_standings_placed%'`)).toEqual([]);
    await migration.up(runner);
  } finally {
    await runner.release();
  }
});
