import type { EntityManager } from 'typeorm';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import type { FairPlayLimits } from '../../platform/config';
import { forbidden } from '../../platform/http/errors';
import { readRoundDevice } from './device-rounds';
import { type AttemptRow, lockAttempt } from './attempt-row';
import { completeAttempt, createAttempt, INVALID_TOKEN, type NewAttempt, type StartedAttempt } from './service';
import { tokenMatches } from './token';

/** The online routes' own transactions around the attempt's steps (service.ts), which a sync batch runs in its own. */

/** POST /api/player-attempts: an online start (the rules refuse rather than hold), in a transaction of its own. */
export function startOnlineAttempt(
  em: EntityManager,
  input: NewAttempt,
  origin: { serverSecret: string; fairPlay: FairPlayLimits; deviceId: string; addressKey: string },
): Promise<StartedAttempt> {
  return em.transaction(async (tx) => {
    // The device's row locked first, as a push locks it: one device's rounds are judged one at a time.
    const device = await readRoundDevice(tx, origin.deviceId, { lock: true });
    return createAttempt(tx, input, { channel: 'online', serverSecret: origin.serverSecret, fairPlay: origin.fairPlay, device, addressKey: origin.addressKey });
  });
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
    return completeAttempt(tx, attempt, { answers: input.answers, completedAt: new Date() });
  });
}
