/**
 * GET /api/play/{groupId}/polls (public: polls have no answer key, and the big screen
 * shows them): each poll of the trivia in its order with its votes per answer. Free of zod, so the
 * player build imports it.
 */
export interface PollResult {
  questionId: number;
  text: string;
  /** The votes counted, all answers together. */
  votes: number;
  /** Every answer of the poll in its order, with its votes. */
  answers: { answerId: number; text: string; votes: number }[];
}

export interface PollResults {
  polls: PollResult[];
}

/**
 * Each answer's share in whole percent, largest remainders first so that they add up to 100 (0 for
 * every answer of a poll nobody voted in). `ownAnswerId`: the player's own vote, not yet counted by
 * the server (it travels with the round's start), counted here once.
 */
export function pollShares(poll: PollResult, ownAnswerId?: number): { answerId: number; text: string; votes: number; percent: number }[] {
  const answers = poll.answers.map((a) => ({ ...a, votes: a.votes + (a.answerId === ownAnswerId ? 1 : 0) }));
  const total = answers.reduce((sum, a) => sum + a.votes, 0);
  if (total === 0) return answers.map((a) => ({ ...a, percent: 0 }));
  const exact = answers.map((a) => (100 * a.votes) / total);
  const percents = exact.map(Math.floor);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((x, y) => y.remainder - x.remainder || x.index - y.index);
  for (let left = 100 - percents.reduce((sum, p) => sum + p, 0), i = 0; left > 0; left--, i++) percents[order[i]!.index]! += 1;
  return answers.map((a, index) => ({ ...a, percent: percents[index]! }));
}
