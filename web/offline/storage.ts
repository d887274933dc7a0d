import { readMeta, writeMeta, type TriviaDb } from './db';

const KEY = 'persistentStorage';

/**
 * Asks once for persistent storage (so the browser does not evict the outbox under pressure)
 * and remembers the answer; later calls only read whether it is still granted.
 */
export async function ensurePersistentStorage(db: TriviaDb): Promise<boolean> {
  return persistentStorage(db, false);
}

/**
 * Asks again, unless already granted: at a kiosk's setup (a tap of staff's, which browsers weigh
 * when they decide), as a kiosk that loses its storage loses what it had not sent.
 */
export async function askPersistentStorage(db: TriviaDb): Promise<boolean> {
  return persistentStorage(db, true);
}

async function persistentStorage(db: TriviaDb, again: boolean): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  const asked = await readMeta<boolean>(db, KEY);
  const granted = asked === undefined || (again && !(await storage.persisted())) ? await storage.persist() : await storage.persisted();
  await writeMeta(db, KEY, granted);
  return granted;
}
