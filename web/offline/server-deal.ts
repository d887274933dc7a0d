import { v4 as uuid } from 'uuid';
import type { CreatedAttempt } from '../../contract';
import type { PlayerRef, TriviaDb } from './db';
import { ensureIdentity } from './device-identity';
import { flushExclusively } from './flusher';
import { REQUEST_TIMEOUT_MS } from './http';
import type { RoundPlan } from './outbox';
import { callServer } from './server-call';

/** How long a player waits for the server to deal a round before the device deals it itself. */
export const DEAL_TIMEOUT_MS = 4_000;

export type Deal =
  | { kind: 'dealt'; clientId: string; round: RoundPlan; token: string }
  /** The server said no (the player has used the trivia's attempts): the player is told why. */
  | { kind: 'refused'; message: string }
  /** No deal from the server (no connection, a slow reply, a registration still on its way): the device deals, under this attempt id. */
  | { kind: 'device'; clientId: string };

/**
 * Asks the server to deal the round (POST /api/player-attempts as this device), so the round and
 * its start are the server's own. What the device queued goes first (the player's registration
 * among it); when something is still waiting, or the server cannot be reached in time, the device
 * deals the round itself under the same attempt id, and the server records that round instead when
 * the attempt arrives. Only the trivia's attempt limit stops the player: any other refusal leaves
 * the round to the device, whose push the server judges with its usual rules.
 */
export async function dealOnServer(db: TriviaDb, player: PlayerRef, groupId: number): Promise<Deal> {
  const clientId = uuid();
  const device: Deal = { kind: 'device', clientId };
  const flushed = await flushExclusively(db);
  if (flushed.status !== 'idle' && flushed.status !== 'flushed') return device;
  if ((await db.outbox.where('status').equals('pending').count()) > 0) return device;
  const identity = await ensureIdentity(db, REQUEST_TIMEOUT_MS);
  if (identity.kind !== 'registered') return device;
  const playerRef = player.playerId !== null ? { playerId: player.playerId, ...player.document } : { playerClientId: player.playerClientId! };
  const answer = await callServer<CreatedAttempt>('POST', '/api/player-attempts', { clientId, questionGroupId: groupId, ...playerRef }, {
    headers: { 'X-Device-Id': identity.device.deviceId, 'X-Device-Secret': identity.device.secret },
    timeoutMs: DEAL_TIMEOUT_MS,
  });
  if (answer.kind === 'refused' && answer.code === 'attempt_limit_reached') return { kind: 'refused', message: answer.message };
  const round = answer.kind === 'success' ? answer.body?.round : undefined;
  if (answer.kind !== 'success' || !round || !answer.body?.token) return device;
  return { kind: 'dealt', clientId, round: { groupId, questionIds: round.questionIds, answerOrder: round.answerOrder }, token: answer.body.token };
}
