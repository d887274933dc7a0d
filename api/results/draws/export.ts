import type { EntityManager } from 'typeorm';
import type { PrizeDrawEntity } from '../../../db/entities';
import { entryName } from './service';

/**
 * A draw as CSV: its whole eligible list in the stored order (what a re-run needs, with the seed
 * on every row), each winner's prize number beside it.
 */
export const drawExportHeader = ['Sorteo', 'Semilla', 'Orden', 'Premio', 'Jugador', 'Nombre', 'Intento', 'Puntuación'];

/** Entries a page: each page one short statement, read when the client has taken the previous one. */
const PAGE_SIZE = 2000;

interface EntryRow {
  position: number;
  player_id: number;
  attempt_id: number;
  first_name: string | null;
  last_name: string | null;
  score: number | null;
}

/** The rows, page by page from the draw's entries, with names and scores as they are now (an erased player has none). */
export async function* drawExportRows(em: EntityManager, draw: PrizeDrawEntity): AsyncIterable<(string | number | null)[]> {
  const prizeOf = new Map(draw.winners.map((w, i) => [`${w.playerId}:${w.attemptId}`, i + 1]));
  for (let from = 0; from < draw.eligibleCount; from += PAGE_SIZE) {
    const rows: EntryRow[] = await em.query(
      `SELECT e.position, e.player_id, e.attempt_id, p.first_name, p.last_name, a.score
         FROM prize_draw_entries e
         LEFT JOIN players p ON p.id = e.player_id
         LEFT JOIN player_attempts a ON a.id = e.attempt_id
        WHERE e.draw_id = $1 AND e.position >= $2 AND e.position < $3
        ORDER BY e.position`,
      [draw.id, from, from + PAGE_SIZE],
    );
    for (const row of rows) {
      yield [
        draw.id,
        draw.seed,
        row.position + 1,
        prizeOf.get(`${row.player_id}:${row.attempt_id}`) ?? null,
        row.player_id,
        row.first_name === null ? null : entryName(row.first_name, row.last_name ?? ''),
        row.attempt_id,
        row.score === null ? null : Number(row.score),
      ];
    }
  }
}
