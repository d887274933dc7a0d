import { readMeta, writeMeta, type TriviaDb } from './db';

const KEY = 'persistentStorage';

/**
 * Asks once for persistent storage (so the browser does not evict the outbox under pressure)
 * and remembers the answer; later calls only read whether it is still granted.
 */
export async function ensurePersistentStorage(db: TriviaDb): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  const asked = await readMeta<boolean>(db, KEY);
  const granted = asked === undefined ? await storage.persist() : await storage.persisted();
  await writeMeta(db, KEY, granted);
  return granted;
}
