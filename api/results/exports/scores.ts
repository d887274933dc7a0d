import type { QueryLane } from '../../../db/data-source';
import { disqualifiedAttempt } from '../../standings/counted-attempts';
import { REVIEW_REASON_LABELS, type ReviewReason, type Scoring } from '../../../contract';
import type { ReviewStatus } from '../../../db/entities/player-attempt.entity';
import { localTimeFormatter } from './local-time';

/** What the score's column is headed by the trivia's scoring (contract/points.ts). */
export const SCORE_COLUMN: Record<Scoring, string> = { percent: 'Puntaje (%)', points: 'Puntos' };

/** The header: the score's column names its unit; the times' columns the zone they are written in (the trivia's event time zone). */
export const scoreColumns = (timeZone: string, scoring: Scoring) => [
  'Nombre completo',
  'Tipo de documento',
  'Número de documento',
  'Sede',
  SCORE_COLUMN[scoring],
  'Respuestas correctas',
  'Total de preguntas',
  'Tiempo (segundos)',
  `Inicio (${timeZone})`,
  `Finalización (${timeZone})`,
  'Fuera del límite de intentos',
  'Revisión',
];

/** Rows a page: fewer statements (each in its own short transaction) for a few MB more at a time. */
const PAGE_SIZE = 2000;

interface ScoreRow {
  id: number;
  full_name: string;
  document_type: string;
  document_number: string;
  location: string | null;
  score: number;
  correct_answers: number;
  total_questions: number;
  completion_time: number | null;
  /** Unix time in whole seconds (read as numbers: parsing timestamps into Dates cost more than the rest of a row). */
  started_s: number;
  completed_s: number;
  review_status: ReviewStatus;
  review_reason: ReviewReason | null;
}

/** Whether the attempt counts in the rankings, in the admin's words: blank for a clean one. */
function reviewCell(status: ReviewStatus, reason: ReviewReason | null): string {
  const why = reason ? ` (${REVIEW_REASON_LABELS[reason]})` : '';
  if (status === 'held') return `En revisión${why}`;
  if (status === 'released') return `Aprobado${why}`;
  if (status === 'discarded') return `Descartado${why}`;
  return '';
}

const SCORE_PAGE_SQL = `
  SELECT pa.id, p.full_name, dt.code AS document_type, p.document_number, l.name AS location,
         pa.score, pa.correct_answers, pa.total_questions, pa.completion_time,
         floor(extract(epoch FROM pa.started_at))::float8 AS started_s,
         floor(extract(epoch FROM pa.completed_at))::float8 AS completed_s, pa.review_status, pa.review_reason
    FROM player_attempts pa
    JOIN players p ON p.id = pa.player_id
    JOIN document_types dt ON dt.id = p.document_type_id
    LEFT JOIN locations l ON l.id = pa.location_id
   WHERE pa.question_group_id = $1 AND pa.completed_at IS NOT NULL AND NOT ${disqualifiedAttempt('pa')} AND pa.id > $2
   ORDER BY pa.id
   LIMIT ${PAGE_SIZE}`;

/**
 * The completed attempts of a trivia as pages of export rows (but the disqualified ones, which an
 * admin took out), read by keyset paging on player_attempts' primary key (the plan is a primary-key
 * range scan), so memory stays flat however many attempts there are. Each page is one statement in
 * the export lane, so a slow download holds no connection or transaction between pages; the next
 * page is asked for as soon as a page arrives, so the database reads it while this one is written.
 */
export async function* scorePages(lane: QueryLane, questionGroupId: number, timeZone: string): AsyncGenerator<(string | number | null)[][]> {
  const when = localTimeFormatter(timeZone);
  const read = (afterId: number): Promise<ScoreRow[]> => lane.run((em) => em.query(SCORE_PAGE_SQL, [questionGroupId, afterId]));
  let next: Promise<ScoreRow[]> | null = read(0);
  while (next) {
    const page: ScoreRow[] = await next;
    next = page.length === PAGE_SIZE ? read(page[page.length - 1]!.id) : null;
    // A download given up stops the generator at a yield: the page read ahead must not fail unheard.
    next?.catch(() => undefined);
    yield page.map((row) => [
      row.full_name,
      row.document_type,
      row.document_number,
      row.location,
      row.score,
      row.correct_answers,
      row.total_questions,
      row.completion_time,
      when(row.started_s),
      when(row.completed_s),
      row.review_reason === 'over_limit' ? 'Sí' : 'No',
      reviewCell(row.review_status, row.review_reason),
    ]);
  }
}
