import type { EntityManager } from 'typeorm';
import { SCREEN_DRAW_HISTORY_ROWS, type DrawEntry } from '../../../contract';
import { repeatsOf } from './repeats';

/** How long a draw's winners stay on the big screen after it ran ("Ganadores del sorteo"). */
export const DRAW_ON_SCREEN_MS = 15 * 60_000;

type Kind = 'trivia' | 'campaign';
const subjectColumn = (kind: Kind) => (kind === 'trivia' ? 'question_group_id' : 'campaign_id');

/** A recorded draw as a screen names it: when, and its winners (names looked up when presented). */
export interface ScreenDraw {
  id: number;
  createdAt: Date;
  winners: DrawEntry[];
}

export type DrawOnScreen = ScreenDraw;

/** What the screen says about the draw on it: the first earlier draw it repeats (or null) and how many draws ran before it that day. */
export interface DrawMark {
  repeatOf: ScreenDraw | null;
  earlierToday: number;
}

/** The day's draws ("Sorteos de hoy"), newest first, at most SCREEN_DRAW_HISTORY_ROWS; `total` counts them all. */
export interface DrawsOfTheDay {
  draws: (ScreenDraw & { prizes: number; repeatOf: { id: number; createdAt: Date } | null })[];
  total: number;
}

/** These draws by id: when they ran and who won. */
async function screenDraws(em: EntityManager, ids: number[]): Promise<Map<number, ScreenDraw>> {
  if (ids.length === 0) return new Map();
  const rows: { id: number; created_at: Date; winners: DrawEntry[] }[] = await em.query(`SELECT id, created_at, winners FROM prize_draws WHERE id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((row) => [row.id, { id: row.id, createdAt: row.created_at, winners: row.winners }]));
}

/**
 * The draw a trivia's or campaign's big screen shows: its newest, while it is younger than
 * DRAW_ON_SCREEN_MS; otherwise none. Its id is part of the screen's ETag, so the panel appears
 * with the draw and leaves when its time is up; nothing else about it changes later (a later draw
 * never changes an earlier one's mark), so its mark (`drawMark`) is read only when the reply is built.
 */
export async function drawOnScreen(em: EntityManager, kind: Kind, id: number, now = new Date()): Promise<DrawOnScreen | null> {
  const [row]: { id: number; created_at: Date; winners: DrawEntry[] }[] = await em.query(
    `SELECT id, created_at, winners FROM prize_draws WHERE ${subjectColumn(kind)} = $1 AND created_at > $2 ORDER BY id DESC LIMIT 1`,
    [id, new Date(now.getTime() - DRAW_ON_SCREEN_MS)],
  );
  return row ? { id: row.id, createdAt: row.created_at, winners: row.winners } : null;
}

/** The draw's repeat mark (the first earlier draw it repeats, `repeatsOf`, so the screen says "Sorteo repetido: el primero fue…") and how many draws ran before it that day. */
export async function drawMark(em: EntityManager, kind: Kind, id: number, draw: ScreenDraw, timeZone: string): Promise<DrawMark> {
  const column = subjectColumn(kind);
  const [row]: { earlier_today: number }[] = await em.query(
    `SELECT count(*)::int AS earlier_today FROM prize_draws o
      WHERE o.${column} = $1 AND o.id < $2 AND (o.created_at AT TIME ZONE $4)::date = ($3::timestamptz AT TIME ZONE $4)::date`,
    [id, draw.id, draw.createdAt, timeZone],
  );
  const first = (await repeatsOf(em, { kind, id }, [draw.id])).get(draw.id)?.repeatOfFirst ?? null;
  const repeatOf = first === null ? null : ((await screenDraws(em, [first])).get(first) ?? null);
  return { repeatOf, earlierToday: row?.earlier_today ?? 0 };
}

/** Every draw of the trivia or campaign on `now`'s day in the event's time zone, newest first, each with the first draw it repeats. */
export async function drawsOfTheDay(em: EntityManager, kind: Kind, id: number, timeZone: string, now = new Date()): Promise<DrawsOfTheDay> {
  const column = subjectColumn(kind);
  const rows: { id: number; created_at: Date; prizes: number; winners: DrawEntry[]; total: number }[] = await em.query(
    `SELECT id, created_at, prizes, winners, count(*) OVER ()::int AS total
       FROM prize_draws
      WHERE ${column} = $1 AND (created_at AT TIME ZONE $2)::date = ($3::timestamptz AT TIME ZONE $2)::date
      ORDER BY id DESC LIMIT $4`,
    [id, timeZone, now, SCREEN_DRAW_HISTORY_ROWS],
  );
  const repeats = await repeatsOf(
    em,
    { kind, id },
    rows.map((row) => row.id),
  );
  const firstIds = [...new Set([...repeats.values()].flatMap((mark) => (mark.repeatOfFirst === null ? [] : [mark.repeatOfFirst])))];
  const firsts = await screenDraws(em, firstIds);
  return {
    total: rows[0]?.total ?? 0,
    draws: rows.map((row) => {
      const first = firsts.get(repeats.get(row.id)?.repeatOfFirst ?? 0);
      return { id: row.id, createdAt: row.created_at, prizes: row.prizes, winners: row.winners, repeatOf: first ? { id: first.id, createdAt: first.createdAt } : null };
    }),
  };
}

/** Whether the screen lists the day's draws (the organiser's choice), the day, and the newest draw: with the draw on screen, what its ETag needs. */
export interface DrawScreenState {
  showHistory: boolean;
  day: string;
  newestDrawId: number | null;
}

export async function drawScreenState(em: EntityManager, kind: Kind, id: number, timeZone: string, now = new Date()): Promise<DrawScreenState> {
  const column = subjectColumn(kind);
  const [row]: { show: boolean | null; newest: number | null; day: string }[] = await em.query(
    `SELECT (SELECT show_history FROM draw_screen_settings WHERE ${column} = $1) AS show,
            (SELECT max(id) FROM prize_draws WHERE ${column} = $1) AS newest,
            ($3::timestamptz AT TIME ZONE $2)::date::text AS day`,
    [id, timeZone, now],
  );
  return { showHistory: row?.show ?? false, day: row!.day, newestDrawId: row?.newest ?? null };
}

/** The winners' names by player id (a player erased since the draw has none, and is left off the screen). */
export async function winnerNames(em: EntityManager, winners: DrawEntry[]): Promise<Map<number, { firstName: string; lastName: string }>> {
  const rows: { id: number; first_name: string; last_name: string }[] = await em.query(`SELECT id, first_name, last_name FROM players WHERE id = ANY($1::int[])`, [
    [...new Set(winners.map((w) => w.playerId))],
  ]);
  return new Map(rows.map((r) => [r.id, { firstName: r.first_name, lastName: r.last_name }]));
}
