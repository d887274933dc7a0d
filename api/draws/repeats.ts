import type { Queryable } from '../ranking/standings';
import type { DrawSubject } from './eligibility';

/**
 * Which draws are repeats ("Repetido"): a draw whose trivia or campaign already had a draw with
 * the same prizes and the same filters (compared as JSON values, so the keys' order does not
 * matter). Each draw maps to the latest such earlier draw, or null. Nothing is replaced: the
 * earlier draw stays in the record beside the repeat, so a re-roll is there for anyone to see.
 * `onlyId` limits the answer to one draw.
 */
export async function repeatsOf(em: Queryable, subject: Pick<DrawSubject, 'kind' | 'id'>, onlyId?: number): Promise<Map<number, number | null>> {
  const column = subject.kind === 'trivia' ? 'question_group_id' : 'campaign_id';
  const rows: { id: number; repeat_of: number | null }[] = await em.query(
    `SELECT d.id,
            (SELECT e.id FROM prize_draws e
              WHERE e.${column} = d.${column} AND e.id < d.id AND e.prizes = d.prizes AND e.filters = d.filters
              ORDER BY e.id DESC LIMIT 1) AS repeat_of
       FROM prize_draws d
      WHERE d.${column} = $1 AND ($2::int IS NULL OR d.id = $2)`,
    [subject.id, onlyId ?? null],
  );
  return new Map(rows.map((row) => [row.id, row.repeat_of]));
}
