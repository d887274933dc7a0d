import type { EntityManager } from 'typeorm';
import type { PollResult, PollResults } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';
import { missing } from '../../platform/access/not-found';

/**
 * A trivia's polls in their order, each answer with its votes: one vote per player and poll, the
 * one of the player's first round that voted in it (a player who plays again and answers the poll
 * otherwise does not vote twice). Polls without answers are left out.
 */
export async function readPollResults(em: EntityManager, questionGroupId: number): Promise<PollResults> {
  const rows: { exists: boolean; question_id: number | null; text: string | null; answer_id: number | null; answer_text: string | null; votes: number | null }[] = await em.query(
    prepared(`WITH polls AS (SELECT q.id, q.text FROM questions q WHERE q.group_id = $1 AND q.kind = 'poll'),
          counted AS (
            SELECT DISTINCT ON (a.player_id, v.question_id) v.answer_id
              FROM poll_votes v JOIN player_attempts a ON a.id = v.attempt_id
             WHERE v.question_id IN (SELECT id FROM polls)
             ORDER BY a.player_id, v.question_id, a.started_at, a.id),
          tally AS (SELECT answer_id, count(*)::int AS votes FROM counted GROUP BY answer_id)
     SELECT true AS exists, p.id AS question_id, p.text, an.id AS answer_id, an.text AS answer_text, coalesce(t.votes, 0) AS votes
       FROM question_groups g
       LEFT JOIN (polls p JOIN answers an ON an.question_id = p.id LEFT JOIN tally t ON t.answer_id = an.id) ON true
      WHERE g.id = $1
      ORDER BY p.id, an.id`),
    [questionGroupId],
  );
  if (rows.length === 0) throw missing('group');
  const polls = new Map<number, PollResult>();
  for (const row of rows) {
    if (row.question_id === null) continue;
    const poll = polls.get(row.question_id) ?? { questionId: row.question_id, text: row.text!, votes: 0, answers: [] };
    poll.answers.push({ answerId: row.answer_id!, text: row.answer_text!, votes: row.votes! });
    poll.votes += row.votes!;
    polls.set(row.question_id, poll);
  }
  return { polls: [...polls.values()] };
}
