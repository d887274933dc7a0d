import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Mutation } from '../../../contract';
import type { PlayedOutbox } from '../../faults/support/plays';
import { deviceStoreRows } from './device-store';

/** Rows of the kiosk's IndexedDB stores, by store (web/offline/db.ts). */
type Stores = Record<'outbox' | 'players' | 'attempts' | 'knownPlayers' | 'attemptCounts', Record<string, unknown>[]>;

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/**
 * What a kiosk holds after `history` rounds the server confirmed `confirmedHoursAgo` hours ago
 * (each round of a player of its own: the player, the round, the known player, its attempt count).
 */
function confirmedHistory(groupId: number, history: number, confirmedHoursAgo: number, tag: string): Omit<Stores, 'outbox'> {
  const confirmedAt = ago(confirmedHoursAgo * HOUR);
  const stores: Omit<Stores, 'outbox'> = { players: [], attempts: [], knownPlayers: [], attemptCounts: [] };
  for (let i = 0; i < history; i++) {
    const clientId = randomUUID();
    const hash = `${tag}-${i}`;
    stores.players.push({ clientId, fullName: `Historia ${i}`, documentTypeId: 1, locationId: 1, createdAt: confirmedAt, confirmedAt });
    stores.attempts.push({
      clientId: randomUUID(),
      playerId: null,
      playerClientId: clientId,
      questionGroupId: groupId,
      totalQuestions: 4,
      startedAt: confirmedAt,
      completedAt: confirmedAt,
      correctAnswers: 2,
      score: 50,
      completionTime: 40,
      confirmedAt,
    });
    stores.knownPlayers.push({ hash, playerId: 1_000_000 + i, clientId, fullName: `Historia ${i}`, locationId: 1 });
    stores.attemptCounts.push({ key: `${hash}|${groupId}`, count: 1 });
  }
  return stores;
}

/** The device's own records of the rounds waiting in `played` (what the player screen wrote as they were played). */
function waitingRecords(played: PlayedOutbox, groupId: number): Omit<Stores, 'outbox' | 'attemptCounts'> {
  const payloads = played.mutations.map((m) => m.payload as Record<string, unknown>);
  const starts = new Map(payloads.filter((p) => 'questionGroupId' in p).map((p) => [p.clientId as string, p]));
  return {
    players: played.players.map((p) => ({ clientId: p.clientId, fullName: p.fullName, documentTypeId: p.documentTypeId, locationId: 1, createdAt: ago(HOUR) })),
    knownPlayers: played.players.map((p) => ({ hash: `waiting-${p.clientId}`, playerId: null, clientId: p.clientId, fullName: p.fullName, locationId: 1 })),
    attempts: played.completions.map((c) => {
      const start = starts.get(c.attemptClientId)!;
      return {
        clientId: c.attemptClientId,
        playerId: null,
        playerClientId: start.playerClientId,
        questionGroupId: groupId,
        totalQuestions: start.totalQuestions,
        startedAt: start.startedAt,
        completedAt: payloads.find((p) => p.attemptClientId === c.attemptClientId)!.completedAt,
        correctAnswers: c.correctAnswers,
        score: c.score,
        completionTime: c.completionTime,
      };
    }),
  };
}

/**
 * Seeds the kiosk on `page` (its database opened by the player screen, at its current version) with
 * `played` waiting in its outbox after the device's counter, the records of those rounds, and a
 * history of confirmed rounds: `old` confirmed 30 h ago, `recent` 2 h ago. Reload the page after:
 * the screen's database connection does not see writes of another.
 */
export async function seedKioskBacklog(page: Page, groupId: number, played: PlayedOutbox, history: { old: number; recent: number }): Promise<{ oldRounds: string[]; recentRounds: string[] }> {
  const old = confirmedHistory(groupId, history.old, 30, 'old');
  const recent = confirmedHistory(groupId, history.recent, 2, 'recent');
  const waiting = waitingRecords(played, groupId);
  const outbox = played.mutations.map((m: Mutation) => ({ ...m, status: 'pending', lastError: null, createdAt: ago(HOUR) }));
  const stores: Stores = {
    outbox,
    players: [...old.players, ...recent.players, ...waiting.players],
    attempts: [...old.attempts, ...recent.attempts, ...waiting.attempts],
    knownPlayers: [...old.knownPlayers, ...recent.knownPlayers, ...waiting.knownPlayers],
    attemptCounts: [...old.attemptCounts, ...recent.attemptCounts],
  };
  await page.evaluate(
    ({ rows, nextMutationId }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('triviando');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction([...Object.keys(rows), 'device'], 'readwrite');
          for (const [store, list] of Object.entries(rows)) for (const row of list) tx.objectStore(store).put(row);
          const device = tx.objectStore('device');
          const read = device.get('device');
          read.onsuccess = () => device.put({ ...read.result, nextMutationId });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { rows: stores, nextMutationId: played.mutations.at(-1)!.mutationId + 1 },
  );
  const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row.clientId as string);
  return { oldRounds: ids(old.attempts), recentRounds: ids(recent.attempts) };
}

/** The kiosk's round records by id (attempts store): whether each is kept and when the server confirmed it. */
export async function storedRounds(page: Page): Promise<Map<string, { confirmedAt?: string }>> {
  const rows = await deviceStoreRows<{ clientId: string; confirmedAt?: string }>(page, 'attempts');
  return new Map(rows.map((row) => [row.clientId, row]));
}
