import { z } from 'zod';
import { MAX_ID } from './common';

/**
 * A trivia's polls (questions of kind `poll`, contract/question-kinds.ts): a player answers them
 * before the round starts, and the votes travel with the round's start (the online deal's request,
 * a kiosk's `attempt` write), stored with the attempt, so a vote counts once with the round it
 * came with and goes where its round goes (a merge, an erasure, "Borrar datos"). A vote that no
 * longer fits when it arrives (its poll deleted or no longer a poll of the trivia, its answer
 * gone) is not counted: a vote never costs a player the round (docs/decisions.md).
 */

/** How many polls a round's start may carry votes for (more than any trivia is expected to ask). */
export const POLL_VOTES_MAX = 20;
const VOTE_ID = 'El voto no es válido';
const voteId = z.number({ error: VOTE_ID }).int(VOTE_ID).positive(VOTE_ID).max(MAX_ID, VOTE_ID);

/** A player's votes: one answer per poll, at most POLL_VOTES_MAX, no poll twice. */
export const pollVotesSchema = z
  .array(z.strictObject({ questionId: voteId, answerId: voteId }))
  .max(POLL_VOTES_MAX, `Máximo ${POLL_VOTES_MAX} votos`)
  .refine((votes) => new Set(votes.map((vote) => vote.questionId)).size === votes.length, 'Una encuesta se votó dos veces');
export type PollVote = z.infer<typeof pollVotesSchema>[number];
