import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** SQL against the app's embedded PostgreSQL (its port and password live in the server's data directory). */
export const appQuery = <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> => dataDirQuery<T>(process.env.E2E_DATA_DIR!, text, values);

/** The address of the embedded PostgreSQL of a server whose data directory is `dataDir` (its port changes at each start). */
export function dataDirDatabaseUrl(dataDir: string): string {
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/trivia`;
}

/** SQL against the embedded PostgreSQL of a server whose data directory is `dataDir`. */
export async function dataDirQuery<T = Record<string, unknown>>(dataDir: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dataDirDatabaseUrl(dataDir) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
