import type { EntityManager } from 'typeorm';
import { type DealCandidate, type DealSettings, type QuestionKind, roundSize, shufflesAnswers } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';

/**
 * What the server reads of a trivia to deal or check a round: its settings and its questions with
 * their answers' ids, the candidates. The rules that choose among them (which questions are
 * playable, the round's size, the deal) are the contract's (contract/play-rules.ts), the same the
 * player screen applies offline.
 */

/** What the server knows of a trivia when an attempt starts. */
export interface TriviaRound {
  /** The questions a round shows now (`roundSize`). */
  roundSize: number;
  /** No round of the trivia can have started before it existed. */
  createdAt: Date;
}

/**
 * The trivia's round as the server knows it now, or undefined when the trivia does not exist. Read
 * on every start, so the playable questions are counted in SQL rather than read one by one: the
 * count is the contract's `isPlayable` (a question with an answer, no poll) spelt as a query.
 */
export async function triviaRound(em: EntityManager, questionGroupId: number): Promise<TriviaRound | undefined> {
  const [row]: { questions_per_round: number; playable: number; created_at: Date }[] = await em.query(
    prepared(`SELECT g.questions_per_round, g.created_at,
            (SELECT count(*)::int FROM questions q
              WHERE q.group_id = g.id AND q.kind <> 'poll' AND EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id)) AS playable
       FROM question_groups g
      WHERE g.id = $1`),
    [questionGroupId],
  );
  if (!row) return undefined;
  return { roundSize: roundSize(row.playable, row.questions_per_round), createdAt: new Date(row.created_at) };
}

/** A trivia's deal settings and every question of it, in id order, each with its answers' ids in id order. */
export interface DealCandidates {
  settings: DealSettings;
  questions: DealCandidate[];
}

/** What the server deals an online round from (`dealRound`); undefined when the trivia does not exist. */
export async function readDealCandidates(em: EntityManager, questionGroupId: number): Promise<DealCandidates | undefined> {
  const rows: {
    questions_per_round: number;
    randomize_questions: boolean;
    randomize_answers: boolean;
    question_id: number | null;
    kind: QuestionKind | null;
    answer_ids: number[] | null;
  }[] = await em.query(
      prepared(`SELECT g.questions_per_round, g.randomize_questions, g.randomize_answers, q.id AS question_id, q.kind,
              (SELECT array_agg(a.id ORDER BY a.id) FROM answers a WHERE a.question_id = q.id) AS answer_ids
         FROM question_groups g
         LEFT JOIN questions q ON q.group_id = g.id
        WHERE g.id = $1
        ORDER BY q.id`),
      [questionGroupId],
    );
  const group = rows[0];
  if (!group) return undefined;
  return {
    settings: { questionsPerRound: group.questions_per_round, randomizeQuestions: group.randomize_questions, randomizeAnswers: group.randomize_answers },
    questions: rows
      .filter((row) => row.question_id !== null)
      .map((row) => candidate(row.question_id!, row.kind ?? 'choice', row.answer_ids)),
  };
}

/**
 * The trivia's questions among `questionIds` (a round a device dealt), each with its answers' ids:
 * what `couldBeDealt` checks that round against. Ids of no question of the trivia are left out.
 */
export async function readCandidatesAmong(em: EntityManager, questionGroupId: number, questionIds: readonly number[]): Promise<DealCandidate[]> {
  const rows: { id: number; kind: QuestionKind; answer_ids: number[] | null }[] = await em.query(
    prepared(`SELECT q.id, q.kind, (SELECT array_agg(a.id ORDER BY a.id) FROM answers a WHERE a.question_id = q.id) AS answer_ids
        FROM questions q
       WHERE q.group_id = $1 AND q.id = ANY($2::int[])`),
    [questionGroupId, questionIds],
  );
  return rows.map((row) => candidate(row.id, row.kind, row.answer_ids));
}

/** A question as the deal sees it, its kind read: a true/false question keeps its answers' order, a poll is no round's. */
const candidate = (id: number, kind: QuestionKind, answerIds: number[] | null): DealCandidate => ({
  id,
  answerIds: answerIds ?? [],
  fixedAnswerOrder: !shufflesAnswers(kind),
  ...(kind === 'poll' ? { poll: true } : {}),
});
