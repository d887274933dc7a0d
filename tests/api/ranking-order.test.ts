import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignSort, TRIVIA_SORT_KEY, triviaSort } from '../../api/standings/order-by';
import { createTestDataSource } from '../support/database';

/**
 * The rankings' orders (api/standings/order-by.ts) against what depends on them staying the
 * same: the indexes that serve them, and the key a campaign's 'best' mode picks an attempt by.
 */
let db: Awaited<ReturnType<typeof createTestDataSource>>;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDataSource();
  dataSource = db.dataSource;
});
afterAll(() => db.close());

const indexColumns = async (name: string): Promise<string> => {
  const [row] = (await dataSource.query(`SELECT pg_get_indexdef($1::regclass) AS definition`, [name])) as { definition: string }[];
  // The key columns, as PostgreSQL prints them; ASC NULLS LAST is its default and is not printed.
  return /USING btree \(([^)]*)\)/.exec(row!.definition)![1]!;
};
const asIndexed = (order: string) => order.replaceAll(' ASC NULLS LAST', '');

describe('the ranking orders', () => {
  it('are the order of the indexes that serve them', async () => {
    expect(await indexColumns('player_attempts_best_idx')).toBe(`question_group_id, player_id, ${triviaSort()}`);
    expect(await indexColumns('trivia_standings_order_idx')).toBe(`question_group_id, site_id, ${triviaSort(undefined, 'attempt_id')}`);
    expect(await indexColumns('campaign_standings_order_idx')).toBe(`campaign_id, site_id, ${asIndexed(campaignSort())}`);
  });

  it("give a trivia's attempts the same order as ORDER BY and as the key max() picks the best by", async () => {
    // Ties on score, on time, on completion, and attempts without a time (the slowest).
    const attempts = `(VALUES
      (1, 80, 30, '2026-03-01T10:00:00Z'::timestamptz), (2, 80, 30, '2026-03-01T11:00:00Z'), (3, 80, 25, '2026-03-01T09:00:00Z'),
      (4, 80, NULL, '2026-03-01T12:00:00Z'), (5, 100, NULL, '2026-03-01T08:00:00Z'), (6, 100, 60, '2026-03-01T08:00:00Z'),
      (7, 80, 30, '2026-03-01T11:00:00Z'), (8, 0, 5, '2026-03-01T13:00:00Z'), (9, 80, NULL, '2026-03-01T12:00:00Z')
    ) AS t(id, score, completion_time, completed_at)`;
    const sorted = (await dataSource.query(`SELECT id FROM ${attempts} ORDER BY ${triviaSort()}`)) as { id: number }[];
    const byKey = (await dataSource.query(`
      SELECT id FROM (SELECT *, (date_part('epoch', completed_at) * 1000)::bigint AS completed_ms FROM ${attempts}) t
       ORDER BY ARRAY[${TRIVIA_SORT_KEY.join(', ')}]::bigint[] DESC`)) as { id: number }[];
    expect(sorted.map((row) => row.id)).toEqual([6, 5, 3, 7, 2, 1, 9, 4, 8]);
    expect(byKey.map((row) => row.id)).toEqual(sorted.map((row) => row.id));
  });
});
