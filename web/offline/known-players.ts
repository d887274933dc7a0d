import { v4 as uuid } from 'uuid';
import { normalizeDocumentNumber, type DocumentKind } from '../../contract/player-input';
import { readMeta, writeMeta, type KnownPlayer, type TriviaDb } from './db';
import { sha256Hex } from './sha256';

const SALT_KEY = 'documentSalt';

/** The device's own salt, made once: the same document hashes differently on another kiosk. */
async function deviceSalt(db: TriviaDb): Promise<string> {
  const existing = await readMeta<string>(db, SALT_KEY);
  if (existing) return existing;
  const salt = uuid();
  await writeMeta(db, SALT_KEY, salt);
  return salt;
}

/** The device's key of a document: its number in canonical form (the identity rule), salted and hashed. */
export async function documentHash(db: TriviaDb, documentTypeId: number, documentNumber: string, kind: DocumentKind): Promise<string> {
  const salt = await deviceSalt(db);
  return sha256Hex(`${salt}:${documentTypeId}:${normalizeDocumentNumber(documentNumber, kind)}`);
}

export async function findKnownPlayer(db: TriviaDb, hash: string): Promise<KnownPlayer | undefined> {
  return db.knownPlayers.get(hash);
}

/** Remembers a player the server told us about (online validation): as a kiosk was told (site) or as a phone was (company). */
export async function rememberPlayer(db: TriviaDb, player: KnownPlayer): Promise<void> {
  const existing = await db.knownPlayers.get(player.hash);
  const merged: KnownPlayer = { ...existing, ...player, clientId: player.clientId ?? existing?.clientId ?? null };
  if (player.companyId === undefined) delete merged.companyId;
  await db.knownPlayers.put(merged);
}
