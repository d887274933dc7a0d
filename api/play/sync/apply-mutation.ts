import type { EntityManager } from 'typeorm';
import type { Mutation, ServerResult } from '../../../contract';
import { completionResult } from './completion-result';
import { corrected } from '../attempts/anchoring';
import { lockAttempt } from '../attempts/attempt-row';
import { completeAttempt, createAttempt, type PushContext } from '../attempts/service';
import { forbidden, toAppError } from '../../platform/http/errors';
import { registerPlayer } from '../players/service';
import { deviceSource } from '../players/name-changes';
import type { PushMemo } from './push-memo';

export const FOREIGN_DEVICE_ATTEMPT = 'El intento pertenece a otro dispositivo';
export const TRIVIA_GONE = 'La trivia ya no existe: el resultado se guardó para revisión';

/** Applied: the server id of the player or attempt (and a completion's result). Held: kept unapplied in sync_mutations, with why. */
export type MutationOutcome = { id: number; result?: ServerResult } | { held: string };

/**
 * Whether a completion whose attempt is missing belongs to an attempt this device synced and the
 * server could not keep as an attempt: held because its trivia was gone, or removed with its trivia.
 */
async function attemptLostWithTrivia(em: EntityManager, deviceId: string, attemptClientId: string): Promise<boolean> {
  const [synced]: { status: string }[] = await em.query(
    `SELECT status FROM sync_mutations WHERE device_id = $1 AND kind = 'attempt' AND payload->>'clientId' = $2 LIMIT 1`,
    [deviceId, attemptClientId],
  );
  return synced !== undefined && synced.status !== 'rejected';
}

/**
 * Applies one pushed mutation with the same rules as the online routes. Business refusals are
 * thrown as AppErrors, which the caller records as rejections. Differences from online, so that
 * nothing played offline is lost: an attempt over maxAttempts or of another round size is kept and
 * held for review, and so is a completion with an implausible time; the kiosk's startedAt /
 * completedAt are kept; a registration at a site deleted meanwhile is stored with no site; an
 * attempt or completion of a trivia deleted meanwhile is held (kept in sync_mutations); an attempt
 * naming its player by a bare id (a kiosk of the version before the proof) is stored held for
 * review; only the device that started an attempt completes it.
 */
export interface PushOrigin {
  id: string;
  serverSecret: string;
  push: PushContext;
  /** The device's clock offset (server minus device) for this push, in ms. */
  offsetMs: number;
}

export async function applyMutation(em: EntityManager, mutation: Mutation, device: PushOrigin, memo: PushMemo): Promise<MutationOutcome> {
  switch (mutation.kind) {
    case 'player': {
      const player = await registerPlayer(em, mutation.payload, 'clear', deviceSource(device.id));
      if (mutation.payload.clientId) memo.playersByClientId.set(mutation.payload.clientId, player);
      return { id: player.id };
    }
    case 'attempt': {
      const { startedAt, questionIds, ...attempt } = mutation.payload;
      const round = await memo.round(attempt.questionGroupId);
      if (!round) return { held: TRIVIA_GONE };
      const created = await createAttempt(em, attempt, {
        channel: 'sync',
        serverSecret: device.serverSecret,
        startedAt: corrected(startedAt, device.offsetMs),
        ...(questionIds ? { questionIds } : {}),
        push: device.push,
        round,
        ...(attempt.playerClientId && memo.playersByClientId.has(attempt.playerClientId) ? { registered: memo.playersByClientId.get(attempt.playerClientId)! } : {}),
      });
      if (created.inserted && attempt.clientId) memo.newAttemptsByClientId.set(attempt.clientId, created.attempt);
      return { id: created.attempt.id };
    }
    case 'completion': {
      const { attemptClientId, completedAt, completionTime, answers } = mutation.payload;
      // An attempt this push inserted is its own; once completed it is read again (and locked) like any other.
      const inserted = memo.newAttemptsByClientId.get(attemptClientId);
      memo.newAttemptsByClientId.delete(attemptClientId);
      // No such attempt (404): held when it was lost with its trivia, otherwise refused as not found.
      const attempt =
        inserted ??
        (await lockAttempt(em, { clientId: attemptClientId }).catch(async (error: unknown) => {
          if (toAppError(error)?.status === 404 && (await attemptLostWithTrivia(em, device.id, attemptClientId))) return undefined;
          throw error;
        }));
      if (!attempt) return { held: TRIVIA_GONE };
      if (attempt.device_id !== device.id) throw forbidden(FOREIGN_DEVICE_ATTEMPT, { code: 'attempt_foreign_device' });
      const completed = await completeAttempt(em, attempt, {
        answers,
        completedAt: corrected(completedAt, device.offsetMs),
        reportedSeconds: completionTime,
        push: device.push,
        // A resent completion is answered from the stored one, unscored: its key is not read.
        ...(attempt.completed_at ? {} : { answerKey: await memo.answerKey(attempt.question_group_id) }),
      });
      return { id: completed.id, result: await completionResult(em, completed) };
    }
  }
}
