import type { EntityManager } from 'typeorm';
import { type DealCandidate, type DealSettings, isPlayable, type QuestionKind, roundSize, shufflesAnswers } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';

/**
 * What the server reads of a trivia to deal or check a round: its settings and its questions with
 * their answers' ids, the candidates. The rules that choose among them (which questions are
 * playable, the round's size, the deal) are the contract's (contract/play-rules.ts), the same the
 * player screen applies offline.
 */

/**
 * What the server knows of a trivia when an attempt starts: its deal settings and every question
 * of it, in id order, each with its answers' ids in id order (the candidates), and what follows
 * from them.
 */
export interface TriviaRound {
  /** The questions a round shows now (`roundSize` over the playable candidates). */
  roundSize: number;
  /** No round of the trivia can have started before it existed. */
  createdAt: Date;
  settings: DealSettings;
  questions: DealCandidate[];
}

/**
 * The trivia's round as the server knows it now, or undefined when the trivia does not exist, in
 * one statement: what an online start deals from (`dealRound`) and what a device's round is checked
 * against (`couldBeDealt`). A push reads it once per trivia (PushMemo), however many rounds it holds.
 */
export async function triviaRound(em: EntityManager, questionGroupId: number): Promise<TriviaRound | undefined> {
  const rows: {
    questions_per_round: number;
    randomize_questions: boolean;
    randomize_answers: boolean;
    created_at: Date;
    question_id: number | null;
    kind: QuestionKind | null;
    answer_ids: number[] | null;
  }[] = await em.query(
    prepared(`SELECT g.questions_per_round, g.randomize_questions, g.randomize_answers, g.created_at, q.id AS question_id, q.kind,
            (SELECT array_agg(a.id ORDER BY a.id) FROM answers a WHERE a.question_id = q.id) AS answer_ids
       FROM question_groups g
       LEFT JOIN questions q ON q.group_id = g.id
      WHERE g.id = $1
      ORDER BY q.id`),
    [questionGroupId],
  );
  const group = rows[0];
  if (!group) return undefined;
  const questions = rows.filter((row) => row.question_id !== null).map((row) => candidate(row.question_id!, row.kind ?? 'choice', row.answer_ids));
  return {
    roundSize: roundSize(questions.filter(isPlayable).length, group.questions_per_round),
    createdAt: new Date(group.created_at),
    settings: { questionsPerRound: group.questions_per_round, randomizeQuestions: group.randomize_questions, randomizeAnswers: group.randomize_answers },
    questions,
  };
}

/** A question as the deal sees it, its kind read: a true/false question keeps its answers' order, a poll is no round's. */
const candidate = (id: number, kind: QuestionKind, answerIds: number[] | null): DealCandidate => ({
  id,
  answerIds: answerIds ?? [],
  fixedAnswerOrder: !shufflesAnswers(kind),
  ...(kind === 'poll' ? { poll: true } : {}),
});
