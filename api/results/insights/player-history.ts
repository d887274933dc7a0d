import type { EntityManager } from 'typeorm';
import { judgeAgainstKey, pickedAnswerIds, reviewReasonLabel, type AttemptStanding, type PlacedPicture, type PlayerHistory, type PlayerHistoryAnswer, type Scoring } from '../../../contract';
import type { ChosenAnswer, ReviewStatus } from '../../../db/entities/player-attempt.entity';
import { disqualifiedAttempt } from '../../standings/counted-attempts';
import { missing } from '../../platform/access/not-found';
import { QUESTION_KEY_SELECT, type QuestionKeyRow } from './question-key-rows';

const PLAYER_SQL = `
  SELECT p.id, p.full_name, p.document_number, l.name AS site
    FROM players p
    LEFT JOIN locations l ON l.id = p.location_id
   WHERE p.id = $1`;

const ATTEMPTS_SQL = `
  SELECT a.id, a.question_group_id, g.name AS trivia_name, g.company_id, g.scoring, a.started_at, a.completed_at, a.score, a.correct_answers,
         a.total_questions, a.completion_time, a.review_status, a.review_reason, ${disqualifiedAttempt('a')} AS disqualified,
         l.name AS site, d.kiosk_name, a.question_ids, a.answers,
         coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id)
                     FROM campaign_question_groups cg JOIN campaigns c ON c.id = cg.campaign_id
                    WHERE cg.question_group_id = a.question_group_id), '[]') AS campaigns,
         coalesce((SELECT json_agg(json_build_object('question', q.text, 'answer', an.text) ORDER BY q.id)
                     FROM poll_votes v JOIN questions q ON q.id = v.question_id JOIN answers an ON an.id = v.answer_id
                    WHERE v.attempt_id = a.id), '[]') AS poll_votes
    FROM player_attempts a
    JOIN question_groups g ON g.id = a.question_group_id
    LEFT JOIN locations l ON l.id = a.location_id
    LEFT JOIN devices d ON d.id = a.device_id
   WHERE a.player_id = $1 AND ($2::int[] IS NULL OR g.company_id = ANY($2::int[]))
   ORDER BY a.started_at DESC, a.id DESC`;

const KEY_SQL = `${QUESTION_KEY_SELECT}
   WHERE q.id = ANY($1::int[])`;

interface HistoryPlayerRow { id: number; full_name: string; document_number: string | null; site: string | null }
interface HistoryAttemptRow {
  id: number;
  question_group_id: number;
  trivia_name: string;
  company_id: number;
  scoring: Scoring;
  started_at: Date;
  completed_at: Date | null;
  score: number;
  correct_answers: number;
  total_questions: number;
  completion_time: number | null;
  review_status: ReviewStatus;
  review_reason: string | null;
  disqualified: boolean;
  site: string | null;
  kiosk_name: string | null;
  question_ids: number[] | null;
  answers: ChosenAnswer[] | null;
  campaigns: { id: number; name: string }[];
  poll_votes: { question: string; answer: string }[];
}

/** A question as the history shows it: its text and picture, and its answers by id. */
interface KeyedQuestion {
  text: string;
  picture: PlacedPicture | null;
  answers: Map<number, { text: string; correct: boolean; picture: PlacedPicture | null }>;
}

/** The one reading of an attempt's place: unfinished, then an admin's decision or hold, then a disqualification. */
function standingOf(row: HistoryAttemptRow): AttemptStanding {
  if (row.completed_at === null) return 'unfinished';
  if (row.review_status === 'held' || row.review_status === 'discarded') return row.review_status;
  return row.disqualified ? 'disqualified' : 'counted';
}

/** The round's questions in the order shown (a round recorded before rounds were kept: those it answered). */
function roundAnswers(row: HistoryAttemptRow, key: Map<number, KeyedQuestion>): PlayerHistoryAnswer[] {
  const chosen = new Map((row.answers ?? []).map((answer) => [answer.questionId, answer]));
  const shown = row.question_ids ?? [...chosen.keys()];
  return shown.map((questionId) => {
    const question = key.get(questionId);
    const pick = chosen.get(questionId);
    // The answers it picked that the question still has (several on a "Varias correctas" question).
    const picked = (pick ? pickedAnswerIds(pick) : []).flatMap((id) => question?.answers.get(id) ?? []);
    const answerKey = [...(question?.answers ?? new Map<number, { correct: boolean }>())].map(([id, a]) => ({ id, isCorrect: a.correct }));
    return {
      questionId,
      question: question?.text ?? null,
      questionPicture: question?.picture ?? null,
      answer: picked.length ? picked.map((a) => a.text).join(' · ') : null,
      answerPicture: picked.length === 1 ? picked[0]!.picture : null,
      correct: pick !== undefined && judgeAgainstKey(answerKey, pick).correct,
      timedOut: pick?.answerId === null,
      elapsedMs: pick?.elapsedMs ?? null,
    };
  });
}

/**
 * Every attempt of one player at trivias of `companies` (null: every company), newest first, with each round's questions and chosen answers
 * (three reads: the player, their attempts, the texts of the questions those rounds showed).
 */
export async function playerHistory(em: EntityManager, playerId: number, companies: number[] | null): Promise<PlayerHistory> {
  const [player]: HistoryPlayerRow[] = await em.query(PLAYER_SQL, [playerId]);
  if (!player) throw missing('player');
  const rows: HistoryAttemptRow[] = await em.query(ATTEMPTS_SQL, [playerId, companies]);
  const questionIds = [...new Set(rows.flatMap((row) => row.question_ids ?? (row.answers ?? []).map((answer) => answer.questionId)))];
  const keyRows: QuestionKeyRow[] = questionIds.length > 0 ? await em.query(KEY_SQL, [questionIds]) : [];
  const key = new Map<number, KeyedQuestion>();
  for (const k of keyRows) {
    const question = key.get(k.question_id) ?? { text: k.question_text, picture: k.question_picture, answers: new Map() };
    if (k.answer_id !== null) question.answers.set(k.answer_id, { text: k.answer_text ?? '', correct: k.is_correct === true, picture: k.answer_picture });
    key.set(k.question_id, question);
  }
  return {
    player: { id: player.id, fullName: player.full_name, documentNumber: player.document_number, site: player.site },
    attempts: rows.map((row) => ({
      id: row.id,
      trivia: { id: row.question_group_id, name: row.trivia_name, companyId: row.company_id, scoring: row.scoring },
      campaigns: row.campaigns,
      startedAt: row.started_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
      score: row.score,
      correctAnswers: row.correct_answers,
      totalQuestions: row.total_questions,
      completionTime: row.completion_time,
      standing: standingOf(row),
      reviewReason: row.review_reason === null ? null : reviewReasonLabel(row.review_reason),
      site: row.site,
      kiosk: row.kiosk_name,
      answers: roundAnswers(row, key),
      pollVotes: row.poll_votes,
    })),
  };
}
