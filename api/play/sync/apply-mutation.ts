import type { EntityManager } from 'typeorm';
import type { Mutation, ServerResult } from '../../../contract';
import { completionResult } from './completion-result';
import { corrected } from '../attempts/anchoring';
import { lockAttempt } from '../attempts/attempt-row';
import { completeAttempt } from '../attempts/complete';
import { roundFromReceipt } from '../attempts/round-from-receipt';
import { timeSyncedCompletion } from '../attempts/round-end';
import { type PushContext, recordDeviceRound } from '../attempts/synced-start';
import { forbidden, toAppError } from '../../platform/http/errors';
import { registerPlayer } from '../players/service';
import { deviceSource } from '../players/name-changes';
import type { PushMemo } from './push-memo';

export const FOREIGN_DEVICE_ATTEMPT = 'El intento pertenece a otro dispositivo';
export const TRIVIA_GONE = 'La trivia ya no existe: el resultado se guardó para revisión';

/**
 * Applied: the server id of the player or attempt (and a completion's result). Kept unapplied: the
 * mutation is only stored in sync_mutations, with why (the wire's KEPT_UNAPPLIED).
 */
export type MutationOutcome = { id: number; result?: ServerResult } | { keptUnapplied: string };

/** The device a push comes from, and the push as the fair-play rules see it. */
export interface PushOrigin {
  id: string;
  serverSecret: string;
  push: PushContext;
  /** The device's clock offset (server minus device) for this push, in ms: its times are moved by it first. */
  offsetMs: number;
}

/**
 * Whether a completion whose attempt is missing belongs to an attempt this device synced and the
 * server could not keep as an attempt: kept unapplied because its trivia was gone, or removed with
 * its trivia.
 */
async function attemptLostWithTrivia(em: EntityManager, deviceId: string, attemptClientId: string): Promise<boolean> {
  const [synced]: { status: string }[] = await em.query(
    `SELECT status FROM sync_mutations WHERE device_id = $1 AND kind = 'attempt' AND payload->>'clientId' = $2 LIMIT 1`,
    [deviceId, attemptClientId],
  );
  return synced !== undefined && synced.status !== 'rejected';
}

/**
 * Applies one pushed mutation with the same steps as the online routes: a registration through
 * `registerPlayer`, an attempt through `recordDeviceRound` (synced-start.ts), a completion through
 * `completeAttempt` with its times placed by `timeSyncedCompletion`. Business refusals are thrown as
 * AppErrors, which the caller records as rejections. Where online would refuse, a push keeps what
 * was played: an attempt over maxAttempts, of another round, unproven or outside its window is
 * stored held for review, and so is a completion with an implausible or unanchored time; the
 * device's startedAt and completedAt are moved by its clock offset and placed in their window,
 * never taken as sent. A registration at a site deleted meanwhile is stored with no site; an
 * attempt or completion of a trivia deleted meanwhile is kept unapplied in sync_mutations. Only
 * the device that started an attempt completes it.
 */
export async function applyMutation(em: EntityManager, mutation: Mutation, device: PushOrigin, memo: PushMemo): Promise<MutationOutcome> {
  switch (mutation.kind) {
    case 'player': {
      const player = await registerPlayer(em, mutation.payload, 'clear', deviceSource(device.id));
      if (mutation.payload.clientId) memo.playersByClientId.set(mutation.payload.clientId, player);
      return { id: player.id };
    }
    case 'attempt': {
      const { startedAt, ...start } = mutation.payload;
      const round = await memo.round(start.questionGroupId);
      if (!round) return { keptUnapplied: TRIVIA_GONE };
      const registered = start.playerClientId === undefined ? undefined : memo.playersByClientId.get(start.playerClientId);
      const recorded = await recordDeviceRound(
        em,
        { ...start, startedAt: corrected(startedAt, device.offsetMs) },
        { serverSecret: device.serverSecret, push: device.push, round, registered },
      );
      if (recorded.inserted) memo.newAttemptsByClientId.set(start.clientId, recorded.attempt);
      return { id: recorded.attempt.id };
    }
    case 'completion': {
      const { attemptClientId, completedAt, completionTime, answers, receipt } = mutation.payload;
      // An attempt this push inserted is its own; once completed it is read again (and locked) like any other.
      const inserted = memo.newAttemptsByClientId.get(attemptClientId);
      memo.newAttemptsByClientId.delete(attemptClientId);
      // No such attempt (404): kept unapplied when it was lost with its trivia; a round the server
      // dealt and a restore lost comes back from its receipt; otherwise refused as not found.
      const attempt =
        inserted ??
        (await lockAttempt(em, { clientId: attemptClientId }).catch(async (error: unknown) => {
          if (toAppError(error)?.status !== 404) throw error;
          if (await attemptLostWithTrivia(em, device.id, attemptClientId)) return undefined;
          const triviaExists = async (groupId: number) => (await memo.round(groupId)) !== undefined;
          const round = await roundFromReceipt(em, receipt, { attemptClientId, deviceId: device.id, serverSecret: device.serverSecret, fairPlay: device.push.fairPlay, triviaExists });
          if (round) return round;
          throw error;
        }));
      if (!attempt) return { keptUnapplied: TRIVIA_GONE };
      if (attempt.device_id !== device.id) throw forbidden(FOREIGN_DEVICE_ATTEMPT, { code: 'attempt_foreign_device' });
      const completed = await completeAttempt(em, attempt, {
        answers,
        times: timeSyncedCompletion(attempt, { completedAt: corrected(completedAt, device.offsetMs), reportedSeconds: completionTime }, device.push),
        // A resent completion is answered from the stored one, unscored: its key is not read.
        ...(attempt.completed_at ? {} : { answerKey: await memo.answerKey(attempt.question_group_id) }),
      });
      return { id: completed.id, result: await completionResult(em, completed) };
    }
  }
}
