import type { EntityManager } from 'typeorm';
import type { DrawScreenSettings } from '../../../contract';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import type { Queryable } from '../../standings/refresh';
import type { DrawSubject } from './eligibility';

const column = (subject: Pick<DrawSubject, 'kind'>) => (subject.kind === 'trivia' ? 'question_group_id' : 'campaign_id');

/** Whether the trivia's or campaign's public big screen lists the day's draws ("Sorteos de hoy"); off until the organiser turns it on. */
export async function drawScreenSettings(em: Queryable, subject: Pick<DrawSubject, 'kind' | 'id'>): Promise<DrawScreenSettings> {
  const [row]: { show_history: boolean }[] = await em.query(`SELECT show_history FROM draw_screen_settings WHERE ${column(subject)} = $1`, [subject.id]);
  return { showHistory: row?.show_history ?? false };
}

/**
 * The organiser's choice, kept (one row per trivia or campaign), with its entry in "Actividad"
 * in the same transaction (saving the choice already kept is recorded too, as without changes).
 */
export async function saveDrawScreenSettings(em: EntityManager, subject: Pick<DrawSubject, 'kind' | 'id'>, settings: DrawScreenSettings, actor: Actor): Promise<DrawScreenSettings> {
  return em.transaction(async (tx) => {
    const owner = subject.kind === 'trivia' ? 'question_groups' : 'campaigns';
    const [row] = (await tx.query(`SELECT name, company_id FROM ${owner} WHERE id = $1 FOR UPDATE`, [subject.id])) as { name: string; company_id: number }[];
    const before = await drawScreenSettings(tx, subject);
    await tx.query(
      `INSERT INTO draw_screen_settings (${column(subject)}, show_history) VALUES ($1, $2)
       ON CONFLICT (${column(subject)}) DO UPDATE SET show_history = EXCLUDED.show_history, updated_at = now()`,
      [subject.id, settings.showHistory],
    );
    const where = `la pantalla grande de la ${subject.kind === 'trivia' ? 'trivia' : 'campaña'} ${quoted(row?.name ?? String(subject.id))}`;
    await recordActivity(tx, actor, {
      companyId: row?.company_id ?? null,
      kind: subject.kind,
      objectId: subject.id,
      action: 'changed',
      summary: `${settings.showHistory ? 'Mostró' : 'Dejó de mostrar'} los sorteos de hoy en ${where}${before.showHistory === settings.showHistory ? ' (sin cambios)' : ''}`,
      changes: before.showHistory === settings.showHistory ? null : { showHistory: [before.showHistory, settings.showHistory] },
    });
    return drawScreenSettings(tx, subject);
  });
}
