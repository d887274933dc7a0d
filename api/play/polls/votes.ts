import type { EntityManager } from 'typeorm';
import type { PollVote } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';

/**
 * Stores the votes a round's start carried (contract/polls.ts) with its attempt, in the start's
 * transaction: only a vote for a poll of the attempt's trivia with one of that poll's answers is
 * stored; any other (a poll deleted or changed since the player answered it offline, a made-up id)
 * is left out, never the round. Asked again for the same attempt, nothing changes.
 */
export async function recordPollVotes(em: EntityManager, attempt: { id: number; question_group_id: number }, votes: readonly PollVote[] | undefined): Promise<void> {
  if (!votes?.length) return;
  await em.query(
    prepared(`INSERT INTO poll_votes (attempt_id, question_id, answer_id)
      SELECT $1, v.question_id, v.answer_id
        FROM unnest($3::int[], $4::int[]) AS v(question_id, answer_id)
        JOIN questions q ON q.id = v.question_id AND q.group_id = $2 AND q.kind = 'poll'
        JOIN answers a ON a.id = v.answer_id AND a.question_id = q.id
      ON CONFLICT DO NOTHING`),
    [attempt.id, attempt.question_group_id, votes.map((vote) => vote.questionId), votes.map((vote) => vote.answerId)],
  );
}
