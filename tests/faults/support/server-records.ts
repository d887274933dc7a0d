import pg from 'pg';

/** One query on the server's database, on a connection of its own. */
export async function queryServer<T = Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The id of the demo trivia the server seeded on its empty database. */
export async function demoTriviaId(databaseUrl: string): Promise<number> {
  const [row] = await queryServer<{ id: number }>(databaseUrl, `SELECT id FROM question_groups ORDER BY id LIMIT 1`);
  if (!row) throw new Error('the server seeded no demo trivia');
  return row.id;
}
