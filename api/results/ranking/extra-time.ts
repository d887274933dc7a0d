import type { EntityManager } from 'typeorm';
import type { TriviaRankingEntry } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';

const EXTRA_TIME_SQL = prepared(`SELECT id FROM player_attempts WHERE id = ANY($1::int[]) AND extra_time`);

/**
 * A trivia ranking page with each result played with "Necesito más tiempo" marked
 * (contract/question-clock.ts): for the company's own readers only, never on a public screen.
 */
export async function withExtraTime(em: Pick<EntityManager, 'query'>, entries: TriviaRankingEntry[]): Promise<TriviaRankingEntry[]> {
  if (entries.length === 0) return entries;
  const rows: { id: number }[] = await em.query(EXTRA_TIME_SQL, [entries.map((entry) => entry.id)]);
  const marked = new Set(rows.map((row) => row.id));
  return marked.size === 0 ? entries : entries.map((entry) => (marked.has(entry.id) ? { ...entry, extraTime: true as const } : entry));
}
