import { v4 as uuid } from 'uuid';
import type { Mutation, PollVote } from '../../contract';
import { type DealtRound, MAX_COMPLETION_SECONDS, roundSeconds } from '../../contract/play-rules';
import type { Scoring } from '../../contract/points';
import type { RoundTally } from './verdict';
import { confirmLeftRound } from './confirmed-records';
import type { AnswerJudgement, ChosenAnswer, InProgressAttempt, LocalAttempt, OutboxEntry, PlayerRef, TriviaDb } from './db';

/**
 * Every write of the player screen goes through here, online or not: the domain record and its
 * outbox entry are written in one Dexie transaction, and callers move on only once it commits.
 */

type Payload<K extends Mutation['kind']> = Extract<Mutation, { kind: K }>['payload'];

/** Hands out the next per-device mutation id; must run inside a transaction that includes `device`. */
async function enqueue<K extends Mutation['kind']>(db: TriviaDb, kind: K, payload: Payload<K>): Promise<OutboxEntry> {
  const device = (await db.device.get('device')) ?? { key: 'device' as const, deviceId: null, secret: null, nextMutationId: 1 };
  const entry: OutboxEntry = {
    mutationId: device.nextMutationId,
    kind,
    payload,
    status: 'pending',
    lastError: null,
    createdAt: new Date().toISOString(),
  };
  await db.device.put({ ...device, nextMutationId: device.nextMutationId + 1 });
  await db.outbox.add(entry);
  return entry;
}

export const attemptCountKey = (hash: string, groupId: number) => `${hash}|${groupId}`;

export interface Registration {
  fullName: string;
  documentTypeId: number;
  documentNumber: string;
  locationId: number;
  hash: string;
  /**
   * A player this device knew by a server id, named again by document when the server cannot be
   * reached: the server keeps a stored player as it is, and recreates one a restore lost, so the
   * result is credited to that document and never to whoever took over the old id.
   */
  keepExisting?: boolean;
  /** The data-treatment text version the player agreed to on this device, and when. */
  consent?: { version: number; at: string };
}

/** Registers (or re-registers, e.g. at a new site) a player; the server merges by document. */
export async function queueRegistration(db: TriviaDb, input: Registration): Promise<PlayerRef> {
  const clientId = uuid();
  const fullName = input.fullName.trim();
  await db.transaction('rw', [db.players, db.outbox, db.device, db.knownPlayers], async () => {
    await db.players.add({
      clientId,
      fullName,
      documentTypeId: input.documentTypeId,
      locationId: input.locationId,
      createdAt: new Date().toISOString(),
    });
    await enqueue(db, 'player', {
      clientId,
      fullName,
      documentTypeId: input.documentTypeId,
      documentNumber: input.documentNumber.trim(),
      locationId: input.locationId,
      ...(input.keepExisting ? { keepExisting: true as const } : {}),
      ...(input.consent ? { consentVersion: input.consent.version, consentedAt: input.consent.at } : {}),
    });
    await db.knownPlayers.put({ hash: input.hash, playerId: null, clientId, fullName, locationId: input.locationId });
  });
  return { playerId: null, playerClientId: clientId, fullName, hash: input.hash };
}

/** A round to play on this device: the trivia's, as the server or the device dealt it. */
export interface RoundPlan extends DealtRound {
  groupId: number;
}

export class EmptyRoundError extends Error {
  constructor() {
    super('Esta trivia aún no tiene preguntas.');
    this.name = 'EmptyRoundError';
  }
}

/** A round the server dealt: its token for the verdicts, and its signed receipt, which goes with the completion (it brings the round back if a restore loses it). */
export interface ServerDeal {
  token: string;
  receipt?: string | undefined;
}

/**
 * Creates the attempt and its in-progress state together, and counts it for offline maxAttempts.
 * A round the device dealt queues its attempt (with its questions, in order) for the server; one
 * the server dealt (`deal`) exists there already, so nothing is queued but its completion later.
 * The queued attempt carries the player's document when it names the player by server id; the
 * state kept for resuming does not. `clientId`: the id the server was asked to deal under, so a
 * round whose deal reply was lost is the same attempt on both sides. `extraTime`: "Necesito más
 * tiempo" (contract/question-clock.ts), kept with the round and sent with its attempt, as are
 * `pollVotes` (contract/polls.ts).
 * A round without questions is refused here: the server would reject its attempt and completion.
 */
export async function queueRoundStart(
  db: TriviaDb,
  player: PlayerRef,
  round: RoundPlan,
  options: { clientId?: string; deal?: ServerDeal; extraTime?: boolean; pollVotes?: PollVote[] } = {},
): Promise<InProgressAttempt> {
  if (round.questionIds.length === 0) throw new EmptyRoundError();
  const startedAt = new Date().toISOString();
  const attempt: LocalAttempt = {
    clientId: options.clientId ?? uuid(),
    playerId: player.playerId,
    playerClientId: player.playerId === null ? player.playerClientId : null,
    questionGroupId: round.groupId,
    totalQuestions: round.questionIds.length,
    startedAt,
    completedAt: null,
    correctAnswers: null,
    score: null,
    completionTime: null,
  };
  const { document, ...playing } = player;
  const state: InProgressAttempt = {
    groupId: round.groupId,
    attemptClientId: attempt.clientId,
    player: playing,
    questionIds: round.questionIds,
    answerOrder: round.answerOrder,
    answers: [],
    startedAt,
    ...(options.extraTime ? { extraTime: true } : {}),
    ...(options.deal ? { token: options.deal.token, verdicts: {}, ...(options.deal.receipt ? { receipt: options.deal.receipt } : {}) } : {}),
  };
  // A round the server dealt writes nothing to the outbox: it does not wait for the flush's writes there.
  const queued = options.deal ? [] : [db.outbox, db.device];
  await db.transaction('rw', [db.attempts, db.inProgress, db.attemptCounts, ...queued], async () => {
    await db.attempts.add(attempt);
    if (!options.deal) {
      await enqueue(db, 'attempt', {
        clientId: attempt.clientId,
        // A server id goes with the player's document, the proof the attempt is theirs.
        ...(attempt.playerId !== null ? { playerId: attempt.playerId, ...document } : { playerClientId: attempt.playerClientId! }),
        questionGroupId: round.groupId,
        totalQuestions: attempt.totalQuestions,
        questionIds: round.questionIds,
        startedAt,
        ...(options.extraTime ? { extraTime: true } : {}),
        ...(options.pollVotes?.length ? { pollVotes: options.pollVotes } : {}),
      });
    }
    await db.inProgress.put(state);
    const key = attemptCountKey(player.hash, round.groupId);
    const count = (await db.attemptCounts.get(key))?.count ?? 0;
    await db.attemptCounts.put({ key, count: count + 1 });
  });
  return state;
}

/** Keeps each answer as it is given (with its verdict when known), so a reload resumes at the next question. */
export async function recordAnswer(db: TriviaDb, groupId: number, answer: ChosenAnswer, verdict?: AnswerJudgement): Promise<InProgressAttempt | undefined> {
  return db.transaction('rw', db.inProgress, async () => {
    const state = await db.inProgress.get(groupId);
    if (!state || state.answers.some((a) => a.questionId === answer.questionId)) return state;
    const next: InProgressAttempt = { ...state, answers: [...state.answers, answer], ...(verdict ? { verdicts: { ...state.verdicts, [answer.questionId]: verdict } } : {}) };
    await db.inProgress.put(next);
    return next;
  });
}

export interface AttemptResult {
  attemptClientId: string;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  completionTime: number;
  /** The trivia's scoring: `score` is a percentage or points. */
  scoring: Scoring;
  /** Some answers had no verdict (the phone lost its connection): the score comes from the server once it returns. */
  pending: boolean;
}

/**
 * Completes the attempt: result stored, completion queued, in-progress state cleared, in one go.
 * Completing an attempt already completed returns the stored result and queues nothing, so a
 * double tap or a resumed state read twice never sends two completions. The time is capped at the
 * contract's 24 h: a clock jump or a week-old resume must not leave a payload the server refuses.
 */
export async function queueCompletion(db: TriviaDb, state: InProgressAttempt, tally: RoundTally | null, scoring: Scoring): Promise<AttemptResult> {
  const completedAt = new Date();
  const elapsed = roundSeconds(completedAt.getTime() - Date.parse(state.startedAt));
  const completionTime = Math.min(MAX_COMPLETION_SECONDS, Number.isFinite(elapsed) ? elapsed : 0);
  const totalQuestions = state.questionIds.length;
  const known = tally?.correctAnswers ?? 0;
  const pending = tally === null;
  const result = { score: tally?.score ?? 0, correctAnswers: known, totalQuestions, completionTime };
  return db.transaction('rw', [db.attempts, db.outbox, db.device, db.inProgress], async () => {
    const stored = await db.attempts.get(state.attemptClientId);
    await db.inProgress.where('groupId').equals(state.groupId).filter((s) => s.attemptClientId === state.attemptClientId).delete();
    if (stored?.completedAt) {
      return {
        attemptClientId: state.attemptClientId,
        score: stored.score ?? result.score,
        correctAnswers: stored.correctAnswers ?? known,
        totalQuestions: stored.totalQuestions,
        completionTime: stored.completionTime ?? completionTime,
        scoring,
        pending: stored.score === null,
      };
    }
    await db.attempts.update(state.attemptClientId, {
      ...(pending ? { score: null, correctAnswers: null, completionTime } : result),
      completedAt: completedAt.toISOString(),
    });
    await enqueue(db, 'completion', {
      attemptClientId: state.attemptClientId,
      answers: state.answers,
      completionTime,
      completedAt: completedAt.toISOString(),
      ...(state.receipt ? { receipt: state.receipt } : {}),
    });
    return { ...result, attemptClientId: state.attemptClientId, scoring, pending };
  });
}

/**
 * Drops the attempt in progress on a trivia (the player left, or it is too old to resume). Its
 * attempt stays on the server uncompleted, as an abandoned round does online; it still counts
 * for the offline attempt limit.
 */
export async function abandonAttempt(db: TriviaDb, groupId: number): Promise<void> {
  const state = await db.inProgress.get(groupId);
  await db.inProgress.delete(groupId);
  if (state) await confirmLeftRound(db, state.attemptClientId);
}

/** An attempt not finished within a day is not resumed: the next person at the booth starts clean. */
export const STALE_ATTEMPT_MS = 24 * 60 * 60 * 1000;

export function isStale(state: InProgressAttempt, now = Date.now()): boolean {
  const started = Date.parse(state.startedAt);
  return !Number.isFinite(started) || now - started > STALE_ATTEMPT_MS;
}

/** Attempts this device has started for a player on a trivia (offline maxAttempts). */
export async function attemptsOnDevice(db: TriviaDb, hash: string, groupId: number): Promise<number> {
  return (await db.attemptCounts.get(attemptCountKey(hash, groupId)))?.count ?? 0;
}
