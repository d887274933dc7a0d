import { readMeta, writeMeta, type TriviaDb } from './db';

/** Kiosk mode: a per-device setting, off by default (the player screen applies what it means). */
const KIOSK_MODE_KEY = 'kioskMode';

export async function readKioskMode(db: TriviaDb): Promise<boolean> {
  return (await readMeta<boolean>(db, KIOSK_MODE_KEY)) ?? false;
}

export async function writeKioskMode(db: TriviaDb, on: boolean): Promise<void> {
  await writeMeta(db, KIOSK_MODE_KEY, on);
}
