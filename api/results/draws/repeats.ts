import type { DrawRepeatMatch } from '../../../contract';
import type { Queryable } from '../../standings/refresh';
import type { DrawSubject } from './eligibility';

/**
 * The SQL of a draw's entries hash, over `prize_draw_entries` rows aliased `e`: SHA-256 (hex) of
 * its entries as `playerId:attemptId` lines, ordered by player id then attempt id, joined by
 * newlines. Two draws with the same hash drew from the same entries, whatever their filters said.
 * Anyone recomputes it from the CSV export (docs/draws.md).
 */
export const ENTRIES_HASH_SQL = `encode(sha256(convert_to(COALESCE(string_agg(e.player_id || ':' || e.attempt_id, E'\\n' ORDER BY e.player_id, e.attempt_id), ''), 'UTF8')), 'hex')`;

/** The hash of a list with no entries yet (a draw's row before PostgreSQL writes its list). */
export const EMPTY_ENTRIES_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** A draw's repeat mark: the latest and the first earlier draw it repeats, and what it shares with the first. */
export interface RepeatMark {
  repeatOf: number | null;
  repeatOfFirst: number | null;
  repeatMatch: DrawRepeatMatch | null;
}

export const NOT_A_REPEAT: RepeatMark = { repeatOf: null, repeatOfFirst: null, repeatMatch: null };

/**
 * Which draws are repeats ("Repetido"): a draw whose trivia or campaign already had a draw with the
 * same prizes and either the same eligible entries (the same `entries_hash`, however the filters
 * were spelt: {minScore: 0}, a start date long past…) or the same filters (compared as JSON values,
 * so a re-roll over a list that grew since is marked too). Each draw maps to the latest and the
 * first such earlier draw. Nothing is replaced: the earlier draws stay in the record beside the
 * repeat, so a re-roll is there for anyone to see. `onlyIds` limits the answer to those draws.
 */
export async function repeatsOf(em: Queryable, subject: Pick<DrawSubject, 'kind' | 'id'>, onlyIds?: number[]): Promise<Map<number, RepeatMark>> {
  const column = subject.kind === 'trivia' ? 'question_group_id' : 'campaign_id';
  const rows: { id: number; repeat_of: number | null; first_of: number | null; same_entries: boolean | null }[] = await em.query(
    `SELECT d.id, m.repeat_of, m.first_of, f.entries_hash = d.entries_hash AS same_entries
       FROM prize_draws d
       LEFT JOIN LATERAL (
         SELECT max(e.id) AS repeat_of, min(e.id) AS first_of FROM prize_draws e
          WHERE e.${column} = d.${column} AND e.id < d.id AND e.prizes = d.prizes
            AND (e.entries_hash = d.entries_hash OR e.filters = d.filters)
       ) m ON true
       LEFT JOIN prize_draws f ON f.id = m.first_of
      WHERE d.${column} = $1 AND ($2::int[] IS NULL OR d.id = ANY($2::int[]))`,
    [subject.id, onlyIds ?? null],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      row.repeat_of === null ? NOT_A_REPEAT : { repeatOf: row.repeat_of, repeatOfFirst: row.first_of, repeatMatch: row.same_entries ? 'entries' : 'filters' },
    ]),
  );
}
