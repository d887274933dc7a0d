import type { PollResult, PollResults } from '../../contract/poll-shares';
import { callServer } from './server-call';

/** How long a player who just voted waits for the poll's results before being told they come later. */
export const POLL_RESULTS_TIMEOUT_MS = 3_000;

/** A poll's results as the server counts them now, or undefined when they cannot be had in time (no connection). */
export async function fetchPollResult(groupId: number, questionId: number): Promise<PollResult | undefined> {
  const reply = await callServer<PollResults>('GET', `/api/play/${groupId}/polls`, undefined, { timeoutMs: POLL_RESULTS_TIMEOUT_MS });
  if (reply.kind !== 'success' || !reply.body) return undefined;
  return reply.body.polls.find((poll) => poll.questionId === questionId);
}
