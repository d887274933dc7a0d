import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { prepared } from '../../db/prepared-statements';
import { createTestDataSource } from '../support/database';

let db: Awaited<ReturnType<typeof createTestDataSource>>;
let dataSource: DataSource;
beforeAll(async () => {
  db = await createTestDataSource();
  dataSource = db.dataSource;
});
afterAll(() => db?.close());

const MARKED = prepared(`SELECT $1::int + 1 AS next`);
const UNMARKED = `SELECT $1::int + 2 AS next`;

describe('statements marked prepared', () => {
  it('run as one named statement per connection, answering as before; others stay unnamed', async () => {
    const statements = await dataSource.transaction(async (em) => {
      expect(await em.query(MARKED, [1])).toEqual([{ next: 2 }]);
      expect(await em.query(MARKED, [41])).toEqual([{ next: 42 }]);
      expect(await em.query(UNMARKED, [1])).toEqual([{ next: 3 }]);
      return em.query(`SELECT statement FROM pg_prepared_statements`);
    });
    expect(statements).toEqual([{ statement: MARKED }]);
  });

  it('stay usable after a transaction that prepared one rolled back, and report errors as before', async () => {
    const failing = prepared(`SELECT 1 / $1::int AS quotient`);
    await expect(
      dataSource.transaction(async (em) => {
        await em.query(failing, [1]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(dataSource.query(failing, [0])).rejects.toThrow(/division by zero/);
    for (let i = 0; i < 8; i++) expect(await dataSource.query(failing, [1])).toEqual([{ quotient: 1 }]);
  });
});
