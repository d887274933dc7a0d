import type { EntityManager } from 'typeorm';
import { prepared } from '../../../db/prepared-statements';

/** What the server knows of a trivia when an attempt starts. */
export interface TriviaRound {
  /**
   * The questions a round shows, as the player screen draws it: questionsPerRound (at least 1),
   * capped by the playable questions (those with at least one answer). 0 when nothing is playable.
   */
  roundSize: number;
  /** No round of the trivia can have started before it existed. */
  createdAt: Date;
}

/** The trivia's round as the server knows it now, or undefined when the trivia does not exist. */
export async function triviaRound(em: EntityManager, questionGroupId: number): Promise<TriviaRound | undefined> {
  const [row]: { questions_per_round: number; playable: number; created_at: Date }[] = await em.query(
    prepared(`SELECT g.questions_per_round, g.created_at,
            (SELECT count(*)::int FROM questions q
              WHERE q.group_id = g.id AND EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id)) AS playable
       FROM question_groups g
      WHERE g.id = $1`),
    [questionGroupId],
  );
  if (!row) return undefined;
  return { roundSize: Math.min(row.playable, Math.max(1, row.questions_per_round)), createdAt: new Date(row.created_at) };
}
