import type { PlayBundle, ValidatedPlayer } from '../../contract';
import { attemptLimitDetails } from '../../contract/play-rules';
import { normalizeDocumentNumber, type DocumentKind } from '../../contract/player-input';
import type { PlayerRef, TriviaDb } from './db';
import { HttpError, REQUEST_TIMEOUT_MS } from './http';
import { documentHash, findKnownPlayer, rememberPlayer } from './known-players';
import { attemptsOnDevice, registerPlayer } from './outbox';
import { callServer } from './server-call';

export type Identification =
  | { kind: 'known'; player: PlayerRef }
  | { kind: 'new'; hash: string }
  | { kind: 'other-company'; hash: string; fullName: string }
  | { kind: 'limit'; message: string };

export interface DocumentInput {
  documentTypeId: number;
  documentNumber: string;
}

/**
 * What the server says about a document, or `undefined` when it cannot be reached (or does not
 * answer in time). A refusal other than the attempt limit is thrown for the screen to show.
 */
async function validateOnline(
  bundle: PlayBundle,
  input: DocumentInput,
  timeoutMs: number,
): Promise<ValidatedPlayer | null | undefined | { limit: string }> {
  const answer = await callServer<{ player: ValidatedPlayer | null }>(
    'POST',
    '/api/players/validate',
    { ...input, companyId: bundle.group.companyId, questionGroupId: bundle.group.id },
    { timeoutMs },
  );
  switch (answer.kind) {
    case 'success':
      return answer.body?.player ?? null;
    case 'transient':
      return undefined;
    case 'refused':
      if (answer.code === 'attempt_limit_reached') return { limit: answer.message };
      throw new HttpError(answer.status, { error: answer.message, message: answer.message, code: answer.code }, undefined);
    default:
      throw new Error(answer.message);
  }
}

/**
 * The document step: online the server decides, attempt limit included (so
 * attempts staff cleared with 'Limpiar Datos' no longer count). Offline, or for a player
 * registered here and not yet synced, the device's salted document hashes decide, and maxAttempts
 * is checked against the attempts this device has started, the only count it has.
 */
/** How the bundle's document type writes its numbers (a bundle stored before types said so: letters and digits). */
export function documentKindIn(bundle: PlayBundle, documentTypeId: number): DocumentKind {
  return { numeric: bundle.documentTypes.find((type) => type.id === documentTypeId)?.numeric === true };
}

export async function identifyPlayer(db: TriviaDb, bundle: PlayBundle, typed: DocumentInput, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Identification> {
  // One person, one identity: the number in its type's canonical form, here as on the server.
  const kind = documentKindIn(bundle, typed.documentTypeId);
  const input = { documentTypeId: typed.documentTypeId, documentNumber: normalizeDocumentNumber(typed.documentNumber, kind) };
  const hash = await documentHash(db, input.documentTypeId, input.documentNumber, kind);
  const online = await validateOnline(bundle, input, timeoutMs);
  if (online && 'limit' in online) return { kind: 'limit', message: online.limit };

  if (online) {
    await rememberPlayer(db, { hash, playerId: online.id, clientId: null, fullName: online.fullName, locationId: online.locationId });
    if (online.fromOtherCompany) return { kind: 'other-company', hash, fullName: online.fullName };
    const document = { documentTypeId: input.documentTypeId, documentNumber: input.documentNumber.trim() };
    return { kind: 'known', player: { playerId: online.id, playerClientId: null, fullName: online.fullName, hash, document } };
  }

  const { maxAttempts } = bundle.group;
  const overLimit = async () => maxAttempts > 0 && (await attemptsOnDevice(db, hash, bundle.group.id)) >= maxAttempts;

  const known = await findKnownPlayer(db, hash);
  // The server answered that it does not know this document: a player it knew before was deleted.
  if (!known || (online === null && known.playerId !== null)) return { kind: 'new', hash };
  const inThisCompany = bundle.locations.some((l) => l.id === known.locationId);
  if (!inThisCompany) return { kind: 'other-company', hash, fullName: known.fullName };
  if (await overLimit()) return { kind: 'limit', message: attemptLimitDetails(maxAttempts) };
  if (known.playerId === null) return { kind: 'known', player: { playerId: null, playerClientId: known.clientId, fullName: known.fullName, hash } };
  // A server id learned earlier may name nobody, or somebody else, by the time this syncs (a
  // database restore): the attempt names the player by document instead.
  const player = await registerPlayer(db, {
    fullName: known.fullName,
    documentTypeId: input.documentTypeId,
    documentNumber: input.documentNumber,
    locationId: known.locationId!,
    hash,
    keepExisting: true,
  });
  return { kind: 'known', player };
}
