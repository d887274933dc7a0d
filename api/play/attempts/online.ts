import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { dealRound, type PollVote, type RandomIndex } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import type { FairPlayLimits } from '../../platform/config';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { GROUP_NOT_FOUND } from '../../platform/access/not-found';
import { type PlayerReference, resolvePlayer } from '../players/service';
import { recordPollVotes } from '../polls/votes';
import { attemptLimitReached } from '../players/attempt-limit';
import { type AttemptRow, lockAttempt } from './attempt-row';
import { completeAttempt } from './complete';
import { signDealReceipt } from './deal-receipt';
import { lockRoundDevice, type RoundDevice } from './device-rounds';
import { triviaRound } from './round-candidates';
import { timeOnlineCompletion } from './round-end';
import type { RoundSource } from './round-limits';
import { clientIdTaken, holdReason, insertAttempt, lockStart, readStart, type StartedAttempt } from './start-steps';
import { attemptToken, INVALID_TOKEN, tokenMatches } from './token';

/** The server deals with its cryptographic random source. */
const serverRandom: RandomIndex = (bound) => randomInt(bound);

/**
 * The online routes' use cases: each opens its transaction and runs the attempt's steps in it (a
 * sync batch runs the same completion in its own, sync/apply-mutation.ts). Online the rules refuse
 * rather than hold.
 */

export const ROUND_NOT_DEALT = 'Este intento no tiene una ronda repartida por el servidor';
export const roundSizeMismatch = (roundSize: number) =>
  roundSize === 0 ? 'Esta trivia aún no tiene preguntas.' : `La ronda de esta trivia tiene ${roundSize} ${roundSize === 1 ? 'pregunta' : 'preguntas'}`;

export interface NewAttempt extends PlayerReference {
  questionGroupId: number;
  /** The round size the client expects; the server's own is what it deals and stores. */
  totalQuestions?: number;
  clientId?: string;
  /** "Necesito más tiempo" (contract/question-clock.ts). */
  extraTime?: boolean | undefined;
  /** The player's votes in the trivia's polls (contract/polls.ts), stored with the new attempt. */
  pollVotes?: PollVote[] | undefined;
}

/** POST /api/player-attempts: the server deals a round to this device, in a transaction of its own. */
export function startOnlineAttempt(
  em: EntityManager,
  input: NewAttempt,
  origin: { serverSecret: string; fairPlay: FairPlayLimits; deviceId: string; addressKey: string },
): Promise<StartedAttempt> {
  return em.transaction(async (tx) => {
    // The device's row locked first, as a push locks it: one device's rounds are judged one at a time.
    const device = await lockRoundDevice(tx, origin.deviceId);
    return startDealtRound(tx, input, { serverSecret: origin.serverSecret, fairPlay: origin.fairPlay, device, addressKey: origin.addressKey });
  });
}

/**
 * The online start. The attempt must prove it is the player's (`resolvePlayer`: a bare player id or
 * another player's document is 403), ask for the trivia's round size if it names one (400
 * round_size_mismatch), and be within the trivia's maxAttempts, decided with the player's row
 * locked (403 attempt_limit_reached). The server deals the round, records it with the attempt and
 * starts it on its own clock, where its window opens. Past a crowd limit (round-limits.ts) it is
 * stored held. A clientId seen before gives its round back instead of dealing another. Either way
 * the device gets the round's signed receipt (deal-receipt.ts).
 */
async function startDealtRound(em: EntityManager, input: NewAttempt, origin: RoundSource & { serverSecret: string }): Promise<StartedAttempt> {
  const { player } = await resolvePlayer(em, input, 'online');
  const round = await triviaRound(em, input.questionGroupId);
  if (!round) throw notFound(GROUP_NOT_FOUND);
  const addressKey = await lockStart(em, origin, input.questionGroupId, player.id);
  const token = attemptToken(origin.serverSecret, input.clientId);
  const { existing, limit } = await readStart(em, input.clientId ?? null, player.id, input.questionGroupId);
  if (existing) {
    const again = dealtAgain(existing, origin.device);
    return { attempt: again, token, inserted: false, receipt: signDealReceipt(origin.serverSecret, again, player) };
  }

  if (input.totalQuestions !== undefined && input.totalQuestions !== round.roundSize) throw badRequest(roundSizeMismatch(round.roundSize), { code: 'round_size_mismatch' });
  if (limit?.reached) throw attemptLimitReached(limit.maxAttempts);
  const dealt = dealRound(round.questions, round.settings, serverRandom);
  const startedAt = new Date();
  const reason = await holdReason(em, origin, addressKey, null, { playerId: player.id, startedAt });
  const attempt = await insertAttempt(em, {
    playerId: player.id,
    questionGroupId: input.questionGroupId,
    locationId: player.location_id,
    totalQuestions: dealt?.questionIds.length ?? round.roundSize,
    startedAt,
    clientId: input.clientId ?? null,
    token,
    reason,
    deviceId: origin.device.id,
    questionIds: dealt?.questionIds ?? null,
    answerOrder: dealt?.answerOrder ?? null,
    dealtByServer: dealt !== undefined,
    windowStart: startedAt,
    addressKey,
    extraTime: input.extraTime === true,
  });
  await recordPollVotes(em, attempt, input.pollVotes);
  return { attempt, token, inserted: true, receipt: signDealReceipt(origin.serverSecret, attempt, player) };
}

/** A deal asked again (its reply was lost) gets its round back; a round a device dealt itself, or another device's, never gets a token. */
function dealtAgain(existing: AttemptRow, device: RoundDevice): AttemptRow {
  if (existing.device_id !== device.id) throw clientIdTaken();
  if (!existing.dealt_by_server) throw conflict(ROUND_NOT_DEALT, { code: 'round_not_dealt' });
  return existing;
}

/**
 * PATCH /api/player-attempts/:id: completes the attempt named by its id or clientId, which only
 * its token may do (403 `attempt_token_invalid` otherwise), timed by the server's clock, in a
 * transaction of its own with the attempt locked.
 */
export function completeOnlineAttempt(
  em: EntityManager,
  ref: { id: number } | { clientId: string },
  input: { token: string; answers?: ChosenAnswer[] | undefined },
): Promise<AttemptRow> {
  return em.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, ref);
    if (!tokenMatches(input.token, attempt.token_hash)) throw forbidden(INVALID_TOKEN, { code: 'attempt_token_invalid' });
    return completeAttempt(tx, attempt, { answers: input.answers, times: timeOnlineCompletion(attempt, new Date()) });
  });
}
