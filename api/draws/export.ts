import type { EntityManager } from 'typeorm';
import type { PrizeDrawEntity } from '../../db/entities';
import { entryFacts } from './service';

/**
 * A draw as CSV: its whole eligible list in the stored order (what a re-run needs, with the seed
 * on every row), each winner's prize number beside it.
 */
export const drawExportHeader = ['Sorteo', 'Semilla', 'Orden', 'Premio', 'Jugador', 'Nombre', 'Intento', 'Puntuación'];

export async function* drawExportRows(em: EntityManager, draw: PrizeDrawEntity): AsyncIterable<(string | number | null)[]> {
  const { names, scores } = await entryFacts(em, draw.eligible);
  const prizeOf = new Map(draw.winners.map((w, i) => [`${w.playerId}:${w.attemptId}`, i + 1]));
  for (const [i, entry] of draw.eligible.entries()) {
    yield [
      draw.id,
      draw.seed,
      i + 1,
      prizeOf.get(`${entry.playerId}:${entry.attemptId}`) ?? null,
      entry.playerId,
      names.get(entry.playerId) ?? null,
      entry.attemptId,
      scores.get(entry.attemptId) ?? null,
    ];
  }
}
