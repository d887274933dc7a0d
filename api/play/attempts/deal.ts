import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { prepared } from '../../../db/prepared-statements';

/** A round as shown: its questions in order, and each question's answers in order. */
export interface DealtRound {
  questionIds: number[];
  answerOrder: Record<string, number[]>;
}

/** Fisher–Yates on a copy, with the server's random source. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The server deals a round as the player screen does offline (web/offline/round.ts): the playable
 * questions (those with answers), shuffled when the trivia says so, cut to questionsPerRound; each
 * question's answers shuffled when the trivia says so. Undefined when the trivia does not exist.
 */
export async function dealRound(em: EntityManager, questionGroupId: number): Promise<DealtRound | undefined> {
  const rows: { questions_per_round: number; randomize_questions: boolean; randomize_answers: boolean; question_id: number | null; answer_ids: number[] | null }[] =
    await em.query(
      prepared(`SELECT g.questions_per_round, g.randomize_questions, g.randomize_answers, q.id AS question_id,
              (SELECT array_agg(a.id ORDER BY a.id) FROM answers a WHERE a.question_id = q.id) AS answer_ids
         FROM question_groups g
         LEFT JOIN questions q ON q.group_id = g.id
        WHERE g.id = $1
        ORDER BY q.id`),
      [questionGroupId],
    );
  const group = rows[0];
  if (!group) return undefined;
  const playable = rows.filter((row) => row.question_id !== null && row.answer_ids?.length);
  const ordered = group.randomize_questions ? shuffled(playable) : playable;
  const chosen = ordered.slice(0, Math.max(1, group.questions_per_round));
  const answerOrder: Record<string, number[]> = {};
  for (const row of chosen) answerOrder[row.question_id!] = group.randomize_answers ? shuffled(row.answer_ids!) : row.answer_ids!;
  return { questionIds: chosen.map((row) => row.question_id!), answerOrder };
}

/**
 * Whether a round a device dealt offline could have been dealt from the trivia as it is now:
 * distinct playable questions of the trivia. (Its size is checked with the trivia's round size.)
 */
export async function playableQuestionsAmong(em: EntityManager, questionGroupId: number, questionIds: number[]): Promise<boolean> {
  if (new Set(questionIds).size !== questionIds.length) return false;
  const [row]: { found: number }[] = await em.query(
    prepared(`SELECT count(*)::int AS found FROM questions q
        WHERE q.group_id = $1 AND q.id = ANY($2::int[]) AND EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id)`),
    [questionGroupId, questionIds],
  );
  return row!.found === questionIds.length;
}
