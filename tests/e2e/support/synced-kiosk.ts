import { expect, type APIRequestContext } from '@playwright/test';
import type { PlayerPage } from '../pages/player-page';
import { appQuery } from './app-database';

const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/**
 * A device this test syncs rounds from, as a kiosk of the trivia set up by staff two hours ago and
 * not seen since (the trivia made before): rounds played in those two hours are placed where the
 * device says (docs/fair-play.md). The past is written into the app's database: the server's own
 * clock cannot be moved back.
 */
export async function syncingKiosk(request: APIRequestContext, groupId: number): Promise<{ deviceId: string; secret: string }> {
  const device = (await (await request.post('/api/devices', { headers: WRITE, data: {} })).json()) as { deviceId: string; secret: string };
  await setUpEarlier(device.deviceId, groupId);
  return device;
}

/** SQL against the server's database: the browser tests' own server's unless told. */
type Sql = (text: string, values?: unknown[]) => Promise<unknown>;

/** Moves a device's registration and kiosk set-up (made now when it was not) two hours back, and its trivia's creation three. */
export async function setUpEarlier(deviceId: string, groupId: number, sql: Sql = appQuery): Promise<void> {
  await sql(
    `UPDATE devices SET created_at = now() - interval '2 hours', kiosk_name = coalesce(kiosk_name, 'Tableta de pruebas'),
            kiosk_question_group_id = coalesce(kiosk_question_group_id, $2), kiosk_setup_at = now() - interval '2 hours', drained_at = NULL
      WHERE id = $1`,
    [deviceId, groupId],
  );
  await sql(`UPDATE question_groups SET created_at = least(created_at, now() - interval '3 hours') WHERE id = $1`, [groupId]);
}

/** When `count` rounds of `seconds` each were played one after another, the last ending now. */
export function roundsInARow(count: number, seconds: number): { startedAt: string; completedAt: string }[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const end = now - (count - 1 - i) * (seconds + 5) * 1000;
    return { startedAt: new Date(end - seconds * 1000).toISOString(), completedAt: new Date(end).toISOString() };
  });
}

/**
 * Makes the browser on `player` a kiosk of the trivia set up by staff two hours ago (as syncingKiosk
 * does for a device of the test's own), then reloads it so it downloads the copy with the answer key.
 */
export async function setUpThisBrowserEarlier(player: PlayerPage, groupId: number, sql: Sql = appQuery): Promise<void> {
  await expect.poll(() => player.storedDeviceId(), { timeout: 15_000 }).not.toBeNull();
  await setUpEarlier((await player.storedDeviceId())!, groupId, sql);
  await player.page.reload();
  await player.toDocumentStep();
}
