import type { EntityManager } from 'typeorm';
import type { DrawEntry } from '../../contract';

/** How long a draw's winners stay on the big screen after it ran ("Ganadores del sorteo"). */
export const DRAW_ON_SCREEN_MS = 15 * 60_000;

export interface DrawOnScreen {
  id: number;
  createdAt: Date;
  winners: DrawEntry[];
}

/**
 * The draw a trivia's or campaign's big screen shows: its newest, while it is younger than
 * DRAW_ON_SCREEN_MS; otherwise none. Its id is part of the screen's ETag, so the panel appears
 * with the draw and leaves when its time is up.
 */
export async function drawOnScreen(em: EntityManager, kind: 'trivia' | 'campaign', id: number, now = new Date()): Promise<DrawOnScreen | null> {
  const column = kind === 'trivia' ? 'question_group_id' : 'campaign_id';
  const [row]: { id: number; created_at: Date; winners: DrawEntry[] }[] = await em.query(
    `SELECT id, created_at, winners FROM prize_draws WHERE ${column} = $1 AND created_at > $2 ORDER BY id DESC LIMIT 1`,
    [id, new Date(now.getTime() - DRAW_ON_SCREEN_MS)],
  );
  return row ? { id: row.id, createdAt: row.created_at, winners: row.winners } : null;
}

/** The winners' names by player id (a player erased since the draw has none, and is left off the screen). */
export async function winnerNames(em: EntityManager, winners: DrawEntry[]): Promise<Map<number, { firstName: string; lastName: string }>> {
  const rows: { id: number; first_name: string; last_name: string }[] = await em.query(`SELECT id, first_name, last_name FROM players WHERE id = ANY($1::int[])`, [
    winners.map((w) => w.playerId),
  ]);
  return new Map(rows.map((r) => [r.id, { firstName: r.first_name, lastName: r.last_name }]));
}
