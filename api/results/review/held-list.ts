import type { EntityManager } from 'typeorm';
import { HELD_DEVICE_ONLINE, HELD_SUMMARY_DEVICES_MAX, REVIEW_REASONS, type HeldAttemptsQuery, type HeldSummaryQuery, type HeldTrivia, type ReviewReason } from '../../../contract';
import { QuestionGroupEntity } from '../../../db/entities';
import { missing } from '../../platform/access/not-found';
import { heldMatch } from './held-filter';

export interface HeldAttemptRow {
  id: number;
  player_id: number;
  first_name: string;
  last_name: string;
  location_name: string | null;
  device_id: string | null;
  kiosk_name: string | null;
  score: number;
  correct_answers: number;
  total_questions: number;
  completion_time: number | null;
  started_at: Date;
  completed_at: Date | null;
  review_reason: ReviewReason;
}

/** The trivia's 404 when it does not exist: the held lists and decisions answer as for one beyond reach. */
export async function requireTrivia(em: EntityManager, questionGroupId: number): Promise<void> {
  if (!(await em.existsBy(QuestionGroupEntity, { id: questionGroupId }))) throw missing('group');
}

/**
 * A page of a trivia's held, completed attempts matching the filter, oldest first after the id
 * `after`, and how many match in all: what an admin still has to decide.
 */
export async function listHeldAttempts(em: EntityManager, query: HeldAttemptsQuery): Promise<{ total: number; rows: HeldAttemptRow[] }> {
  const { questionGroupId, reason, device, after, limit } = query;
  await requireTrivia(em, questionGroupId);
  const countParams: unknown[] = [];
  const [{ total }] = await em.query(`SELECT count(*)::int AS total FROM player_attempts a WHERE ${heldMatch(countParams, questionGroupId, { reason, device })}`, countParams);
  const params: unknown[] = [after, limit];
  const rows: HeldAttemptRow[] = await em.query(
    `SELECT a.id, a.player_id, p.first_name, p.last_name, l.name AS location_name, a.device_id, d.kiosk_name,
            a.score, a.correct_answers, a.total_questions, a.completion_time, a.started_at, a.completed_at, a.review_reason
       FROM player_attempts a
       JOIN players p ON p.id = a.player_id
       LEFT JOIN locations l ON l.id = a.location_id
       LEFT JOIN devices d ON d.id = a.device_id
      WHERE ${heldMatch(params, questionGroupId, { reason, device })} AND a.id > $1
      ORDER BY a.id
      LIMIT $2`,
    params,
  );
  return { total, rows };
}

export interface HeldGroupRow {
  review_reason: ReviewReason;
  device_id: string | null;
  kiosk_name: string | null;
  count: number;
  last_id: number;
}

export interface HeldSummaryRows {
  all: number;
  total: number;
  lastId: number | null;
  reasons: { reason: ReviewReason; count: number }[];
  devices: { deviceId: string | null; kioskName: string | null; count: number }[];
}

/**
 * The counts behind the held list's filter, from one grouped read of the trivia's held results (a
 * group per reason and device): per reason among the filter's device, per device among the
 * filter's reason (each option says what choosing it would show), and the whole filter's total.
 */
export async function summarizeHeldAttempts(em: EntityManager, { questionGroupId, reason, device }: HeldSummaryQuery): Promise<HeldSummaryRows> {
  await requireTrivia(em, questionGroupId);
  const params: unknown[] = [];
  const groups: HeldGroupRow[] = await em.query(
    `SELECT a.review_reason, a.device_id, min(d.kiosk_name) AS kiosk_name, count(*)::int AS count, max(a.id) AS last_id
       FROM player_attempts a
       LEFT JOIN devices d ON d.id = a.device_id
      WHERE ${heldMatch(params, questionGroupId)}
      GROUP BY a.review_reason, a.device_id`,
    params,
  );
  const ofDevice = (g: HeldGroupRow) => device === undefined || (device === HELD_DEVICE_ONLINE ? g.device_id === null : g.device_id === device);
  const ofReason = (g: HeldGroupRow) => reason === undefined || g.review_reason === reason;
  const matching = groups.filter((g) => ofDevice(g) && ofReason(g));

  const reasons = REVIEW_REASONS.map((r) => ({ reason: r, count: sum(groups.filter((g) => ofDevice(g) && g.review_reason === r)) }));
  const byDevice = new Map<string | null, { deviceId: string | null; kioskName: string | null; count: number }>();
  for (const g of groups.filter(ofReason)) {
    const entry = byDevice.get(g.device_id) ?? { deviceId: g.device_id, kioskName: g.kiosk_name, count: 0 };
    entry.count += g.count;
    byDevice.set(g.device_id, entry);
  }
  const devices = [...byDevice.values()]
    .sort((x, y) => y.count - x.count || (x.deviceId ?? '').localeCompare(y.deviceId ?? ''))
    .slice(0, HELD_SUMMARY_DEVICES_MAX);
  return {
    all: sum(groups),
    total: sum(matching),
    lastId: matching.length ? Math.max(...matching.map((g) => Number(g.last_id))) : null,
    reasons,
    devices,
  };
}

const sum = (groups: HeldGroupRow[]) => groups.reduce((n, g) => n + g.count, 0);

/** The trivias with completed held results, their companies and counts (a query of its own so its plan can be checked). */
export const HELD_TRIVIAS_SQL = `
  SELECT g.id, g.name, c.id AS company_id, c.name AS company_name, h.count
    FROM (SELECT question_group_id, count(*)::int AS count
            FROM player_attempts
           WHERE review_status = 'held' AND completed_at IS NOT NULL
           GROUP BY question_group_id) h
    JOIN question_groups g ON g.id = h.question_group_id
    JOIN companies c ON c.id = g.company_id
   WHERE $1::int[] IS NULL OR g.company_id = ANY($1::int[])
   ORDER BY h.count DESC, g.id`;

/**
 * Every trivia with completed results held for review, with its company and how many wait, most
 * first (of `companies` only; null: every company): one grouped read of the partial index of held attempts (player_attempts_held_idx), so its
 * cost is the number of held results, not of attempts, joined to the few trivias it names.
 */
export async function listHeldTrivias(em: EntityManager, companies: number[] | null): Promise<HeldTrivia[]> {
  const rows: { id: number; name: string; company_id: number; company_name: string; count: number }[] = await em.query(HELD_TRIVIAS_SQL, [companies]);
  return rows.map((row) => ({ questionGroupId: row.id, name: row.name, company: { id: row.company_id, name: row.company_name }, count: row.count }));
}
