import Dexie, { liveQuery } from 'dexie';
import type { PlayBundle, PollVote, ServerResult } from '../../contract';
import { loadBundle } from './bundle-store';
import { readMeta, triviaDb, type ChosenAnswer, type InProgressAttempt, type PlayerRef } from './db';
import { LOST_KIOSK_KEY } from './device-identity';
import { identifyPlayer, type DocumentInput } from './identify';
import { leaveKioskRole, readKioskConfig, setUpKiosk, switchKioskMode, type KioskConfig, type KioskSetupForm } from './kiosk-config';
import { readKioskMode } from './kiosk-setting';
import { abandonAttempt, queueCompletion, recordAnswer, queueRegistration, queueRoundStart, type AttemptResult, type Registration } from './outbox';
import { openPlayLock, type PlayLock } from './play-lock';
import { recordQuestionShown, resumeAttempt } from './resume';
import { planRound } from './round';
import { dealOnServer } from './server-deal';
import { hasAnswerKey, judgeAnswer, roundTally } from './verdict';
import { scoringOf } from '../../contract/points';
import { timedOutChoice } from '../../contract/play-rules';
import { downloadPictures } from './picture-download';
import { ensurePersistentStorage } from './storage';
import { startSyncScheduler } from './sync-scheduler';
import { startConnectionProbe } from './connection-probe';
import { readSyncStatus, type SyncStatus } from './sync-status';

/**
 * The offline layer as the player screen sees it: a player session (identify, register, start,
 * answer, finish, resume, leave) over the device's database and outbox, the sync lifecycle, and
 * values to subscribe to (sync status, kiosk mode, reachability). Nothing outside web/offline
 * touches the database or the network for the player screen.
 */

export type { BundleResult } from './bundle-store';
export type { AnswerJudgement, ChosenAnswer, InProgressAttempt, PlayerRef, RejectedEntry } from './db';
export type { DocumentInput, Identification } from './identify';
export type { KioskConfig, KioskModeSwitch, KioskRelease, KioskSetupForm, KioskSetupResult } from './kiosk-config';
export type { PinCheck } from './kiosk-pin';
export type { AttemptResult } from './outbox';
export type { PlayLock, PlayLockState } from './play-lock';
export type { Resumption } from './resume';
export type { SyncStatus } from './sync-status';
export { EmptyRoundError } from './outbox';
export { CHANGED_TRIVIA_MESSAGE } from './resume';
export { playableClocks, playableCount, roundPolls } from './round';
export { fetchPollResult } from './poll-results';
export { pictureChoice, type PictureChoice, type PictureKind } from './picture-choice';
export { hasAnswerKey } from './verdict';
export { pictureReadiness, type PictureReadiness } from './picture-download';
export { serverReachable, subscribeReachable } from './connectivity';

/** A value that changes over time; `subscribe` answers the current value, then every change, until stopped. */
export interface Subscribable<T> {
  subscribe(onValue: (value: T) => void): () => void;
}

/** A database read re-run whenever the tables it reads change. */
function watch<T>(read: () => Promise<T>): Subscribable<T> {
  return {
    subscribe(onValue) {
      const subscription = liveQuery(read).subscribe({ next: onValue, error: (error: unknown) => console.error(error) });
      return () => subscription.unsubscribe();
    },
  };
}

/**
 * The trivia's content: from the server when it answers, else the copy kept on the device. A
 * set-up kiosk (its copy holds the key) then stores the trivia's pictures ahead, in the background.
 */
export async function loadTrivia(groupId: number) {
  const result = await loadBundle(triviaDb(), groupId);
  if (result.status === 'ready' && result.source === 'server' && hasAnswerKey(result.bundle)) void downloadPictures(result.bundle).catch(() => undefined);
  return result;
}

/** The document step: the server decides when it answers, the device's records otherwise. */
export const identify = (bundle: PlayBundle, input: DocumentInput) => identifyPlayer(triviaDb(), bundle, input);

/** Registers a player on this device and sends it without waiting for the timer. */
export async function registerNewPlayer(input: Registration): Promise<PlayerRef> {
  const player = await queueRegistration(triviaDb(), input);
  requestFlush();
  return player;
}

/** Why a round could not start: the server refused it (the trivia's attempts are used up). */
export class RoundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RoundRefusedError';
  }
}

/**
 * Starts a round: dealt by the server when it can be reached (its questions, order and start are
 * then the server's), else drawn from the bundle on the device; `extraTime`: the player asked for
 * more time ("Necesito más tiempo"); `pollVotes`: the player's votes in the trivia's polls, which
 * travel with the start either way (contract/polls.ts). EmptyRoundError when nothing is
 * playable, RoundRefusedError when the server says the player may not play again.
 */
export async function startRound(player: PlayerRef, bundle: PlayBundle, extraTime = false, pollVotes: PollVote[] = []): Promise<InProgressAttempt> {
  const db = triviaDb();
  const deal = await dealOnServer(db, player, bundle.group.id, { extraTime, pollVotes });
  if (deal.kind === 'refused') throw new RoundRefusedError(deal.message);
  const state =
    deal.kind === 'dealt'
      ? await queueRoundStart(db, player, deal.round, { clientId: deal.clientId, deal: { token: deal.token, receipt: deal.receipt }, extraTime })
      : await queueRoundStart(db, player, planRound(bundle), { clientId: deal.clientId, extraTime, pollVotes });
  requestFlush();
  return state;
}

/** Judges an answer (the kiosk's key, or the server's verdict) and keeps it with its verdict (as timed out when the server's clock says so); the verdict is undefined when there is none now. */
export async function answer(bundle: PlayBundle, state: InProgressAttempt, chosen: ChosenAnswer) {
  const verdict = await judgeAnswer(bundle, state, chosen);
  // The server's clock ran out first: the answer is kept as it kept it, "Tiempo agotado".
  const kept = verdict?.timedOut ? timedOutChoice(chosen) : chosen;
  const next = await recordAnswer(triviaDb(), state.groupId, kept, verdict);
  return { verdict, state: next };
}

/** Completes an attempt, scored from its verdicts (pending when some are missing), and sends it. */
export async function finishRound(bundle: PlayBundle, state: InProgressAttempt): Promise<AttemptResult> {
  const result = await queueCompletion(triviaDb(), state, roundTally(bundle, state), scoringOf(bundle.group));
  requestFlush();
  return result;
}

/** Completes the attempt in progress on this trivia as stored (its last answer included); undefined when there is none. */
export async function finishCurrentRound(bundle: PlayBundle): Promise<AttemptResult | undefined> {
  const state = await triviaDb().inProgress.get(bundle.group.id);
  return state ? finishRound(bundle, state) : undefined;
}

/** The result the server stored for an attempt of this device, as it arrives with a push's reply. */
export const serverResultOf = (attemptClientId: string): Subscribable<ServerResult | undefined> =>
  watch(async () => (await triviaDb().attempts.get(attemptClientId))?.serverResult);

export const leaveRound = (groupId: number) => abandonAttempt(triviaDb(), groupId);

/** What to do on load with an attempt left in progress on this trivia. */
export const resumeRound = (bundle: PlayBundle) => resumeAttempt(triviaDb(), bundle);

/** Notes that a question of the round in progress is on screen now (its clock resumes from then after a reload). */
export const noteQuestionShown = (groupId: number, questionId: number) => recordQuestionShown(triviaDb(), groupId, questionId, Date.now());

let scheduler: ReturnType<typeof startSyncScheduler> | undefined;
let stopProbe: (() => void) | undefined;
let users = 0;

/** Keeps the outbox flushing and the connection status true (connection-probe.ts) while a player screen is open; returns its stop. */
export function startSync(): () => void {
  users++;
  scheduler ??= startSyncScheduler(triviaDb());
  stopProbe ??= startConnectionProbe();
  void ensurePersistentStorage(triviaDb());
  return () => {
    users--;
    if (users === 0) {
      scheduler?.stop();
      scheduler = undefined;
      stopProbe?.();
      stopProbe = undefined;
    }
  };
}

/** Sends what is waiting now rather than at the next timer. */
export function requestFlush(): void {
  scheduler?.requestFlush();
}

export const syncStatus = (): Subscribable<SyncStatus> => watch(() => readSyncStatus(triviaDb()));

export const kioskModeSetting = (): Subscribable<boolean> => watch(() => readKioskMode(triviaDb()));

/** Switches kiosk mode; leaving it on a set-up kiosk needs the PIN (a refusal says why: wrong, locked). */
export const setKioskMode = (on: boolean, pin?: string) => switchKioskMode(triviaDb(), on, pin);

/** The kiosk set up on this device (name, trivia, idle timeout), null on a device never set up; as it changes. */
export const kioskConfigSetting = (): Subscribable<KioskConfig | null> => watch(() => readKioskConfig(triviaDb()));

/** The kiosk this browser was before it came back without its data ({name}), until it is set up again; undefined otherwise. */
export const lostKioskSetting = (): Subscribable<{ name: string } | undefined> => watch(() => readMeta<{ name: string }>(triviaDb(), LOST_KIOSK_KEY));

export { checkSetupLink } from './kiosk-config';

/** Sets this device up as a kiosk with a one-time setup link's token (needs the server). */
export const setUpThisKiosk = (input: KioskSetupForm) => setUpKiosk(triviaDb(), input);

/**
 * The kiosk this browser is set up as, or null, for the admin's sign-in screen (a kiosk never
 * signs in). A browser that never opened the player screen has no device database, and this does
 * not create one; one the browser cannot open counts as none.
 */
export async function thisBrowsersKiosk(): Promise<KioskConfig | null> {
  try {
    const db = triviaDb();
    return (await Dexie.exists(db.name)) ? await readKioskConfig(db) : null;
  } catch {
    return null;
  }
}

/** Drops this browser's kiosk role behind the kiosk's PIN (the admin's sign-in screen): see leaveKioskRole. */
export const leaveThisKiosk = (pin: string) => leaveKioskRole(triviaDb(), pin);

/** This tab's claim to play a trivia: one tab of the device plays it at a time (see play-lock.ts). */
export const playLock = (groupId: number): PlayLock => openPlayLock(triviaDb(), groupId);

export type { Refilled } from './refill';
export type { DeviceRecords, KindCounts, ServerReceipt, StaffSession, StaffUnlock, StorageInfo, SupportReport } from './staff-tools';

/** The staff panel's part of the offline layer, loaded when staff open the panel (not with the player screen). */
export const loadStaffTools = () => import('./staff-tools');
export type StaffTools = Awaited<ReturnType<typeof loadStaffTools>>;
