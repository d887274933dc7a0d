import { v4 as uuid } from 'uuid';
import type { CreatedAttempt, PollVote } from '../../contract';
import type { PlayerRef, TriviaDb } from './db';
import { ensureIdentity, moveRegistrationFirst } from './device-identity';
import { flushOutbox, withFlushLock } from './flusher';
import type { RoundPlan } from './outbox';
import { callServer } from './server-call';

/** How long a player waits for the server to deal a round (the registration it needs included) before the device deals it itself. */
export const DEAL_TIMEOUT_MS = 4_000;

export type Deal =
  | { kind: 'dealt'; clientId: string; round: RoundPlan; token: string; receipt?: string }
  /** The server said no (the player has used the trivia's attempts): the player is told why. */
  | { kind: 'refused'; message: string }
  /** No deal from the server (no connection, a slow reply, a registration still on its way): the device deals, under this attempt id. */
  | { kind: 'device'; clientId: string };

const left = (deadline: number) => Math.max(1, deadline - Date.now());

/**
 * Whether the player's registration has reached the server, by `deadline`. One still waiting goes
 * ahead of the rest of the outbox, alone, under the flush lock (the backlog drains on beside the
 * round, in its own pushes); its push says more follows, so the server's window for the device's
 * offline rounds stays where it was.
 */
async function registrationReached(db: TriviaDb, playerClientId: string, deadline: number): Promise<boolean> {
  const waits = () => db.outbox.where('payload.clientId').equals(playerClientId).filter((entry) => entry.kind === 'player').count();
  if ((await waits()) === 0) return true;
  const reached = await withFlushLock(db, deadline, async () => {
    if (!(await moveRegistrationFirst(db, playerClientId))) return true;
    await flushOutbox(db, { batchSize: 1, timeoutMs: left(deadline), pauseBefore: async () => (await waits()) === 0 || Date.now() >= deadline });
    return (await waits()) === 0;
  });
  return reached === true;
}

/**
 * Asks the server to deal the round (POST /api/player-attempts as this device), so the round and
 * its start are the server's own, within DEAL_TIMEOUT_MS whatever the outbox holds: the deal needs
 * only the player's own registration on the server, which goes first; the rest of the outbox
 * drains beside the round. When the registration cannot reach the server in time, or the server
 * does not deal in time, the device deals the round itself under the same attempt id, and the
 * server records that round instead when the attempt arrives. Only the trivia's attempt limit stops
 * the player: any other refusal leaves the round to the device, whose push the server judges with
 * its usual rules.
 */
export async function dealOnServer(db: TriviaDb, player: PlayerRef, groupId: number, { extraTime = false, pollVotes = [] }: { extraTime?: boolean; pollVotes?: PollVote[] } = {}): Promise<Deal> {
  const clientId = uuid();
  const device: Deal = { kind: 'device', clientId };
  const deadline = Date.now() + DEAL_TIMEOUT_MS;
  if (player.playerId === null && !(await registrationReached(db, player.playerClientId!, deadline))) return device;
  const identity = await ensureIdentity(db, left(deadline));
  if (identity.kind !== 'registered') return device;
  const playerRef = player.playerId !== null ? { playerId: player.playerId, ...player.document } : { playerClientId: player.playerClientId! };
  const answer = await callServer<CreatedAttempt>('POST', '/api/player-attempts', { clientId, questionGroupId: groupId, ...playerRef, ...(extraTime ? { extraTime } : {}), ...(pollVotes.length ? { pollVotes } : {}) }, {
    headers: { 'X-Device-Id': identity.device.deviceId, 'X-Device-Secret': identity.device.secret },
    timeoutMs: left(deadline),
  });
  if (answer.kind === 'refused' && answer.code === 'attempt_limit_reached') return { kind: 'refused', message: answer.message };
  const round = answer.kind === 'success' ? answer.body?.round : undefined;
  if (answer.kind !== 'success' || !round || !answer.body?.token) return device;
  const { token, receipt } = answer.body;
  return { kind: 'dealt', clientId, round: { groupId, questionIds: round.questionIds, answerOrder: round.answerOrder }, token, ...(receipt ? { receipt } : {}) };
}
