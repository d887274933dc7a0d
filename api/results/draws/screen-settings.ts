import type { DrawScreenSettings } from '../../../contract';
import type { Queryable } from '../../standings/refresh';
import type { DrawSubject } from './eligibility';

const column = (subject: Pick<DrawSubject, 'kind'>) => (subject.kind === 'trivia' ? 'question_group_id' : 'campaign_id');

/** Whether the trivia's or campaign's public big screen lists the day's draws ("Sorteos de hoy"); off until the organiser turns it on. */
export async function drawScreenSettings(em: Queryable, subject: Pick<DrawSubject, 'kind' | 'id'>): Promise<DrawScreenSettings> {
  const [row]: { show_history: boolean }[] = await em.query(`SELECT show_history FROM draw_screen_settings WHERE ${column(subject)} = $1`, [subject.id]);
  return { showHistory: row?.show_history ?? false };
}

/** The organiser's choice, kept (one row per trivia or campaign). */
export async function saveDrawScreenSettings(em: Queryable, subject: Pick<DrawSubject, 'kind' | 'id'>, settings: DrawScreenSettings): Promise<DrawScreenSettings> {
  await em.query(
    `INSERT INTO draw_screen_settings (${column(subject)}, show_history) VALUES ($1, $2)
     ON CONFLICT (${column(subject)}) DO UPDATE SET show_history = EXCLUDED.show_history, updated_at = now()`,
    [subject.id, settings.showHistory],
  );
  return drawScreenSettings(em, subject);
}
