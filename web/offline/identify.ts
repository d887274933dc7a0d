import type { PlayBundle, ValidatedPlayer } from '../../contract';
import { attemptLimitDetails } from '../../contract/play-rules';
import { normalizeDocumentNumber, type DocumentKind } from '../../contract/player-input';
import type { KnownPlayer, PlayerRef, TriviaDb } from './db';
import { HttpError, REQUEST_TIMEOUT_MS } from './http';
import { readKioskConfig } from './kiosk-config';
import { documentHash, findKnownPlayer, rememberPlayer } from './known-players';
import { attemptsOnDevice, queueRegistration } from './outbox';
import { callServer } from './server-call';

export type Identification =
  | { kind: 'known'; player: PlayerRef }
  | { kind: 'new'; hash: string }
  /** `fullName`: a set-up kiosk's, or the name typed on this device; a phone is never told another company's player's name. */
  | { kind: 'other-company'; hash: string; fullName?: string }
  | { kind: 'limit'; message: string };

export interface DocumentInput {
  documentTypeId: number;
  documentNumber: string;
}

/**
 * The device's credentials, when it is a kiosk set up for this trivia: the server then tells it the
 * known player's full name. A phone sends none and is told the short one ("Ana M.").
 */
async function kioskHeaders(db: TriviaDb, groupId: number): Promise<Record<string, string>> {
  const [config, device] = await Promise.all([readKioskConfig(db), db.device.get('device')]);
  if (config?.groupId !== groupId || !device?.deviceId || !device.secret) return {};
  return { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret };
}

/**
 * What the server says about a document, or `undefined` when it cannot be reached (or does not
 * answer in time). A refusal other than the attempt limit is thrown for the screen to show.
 */
async function validateOnline(
  db: TriviaDb,
  bundle: PlayBundle,
  input: DocumentInput,
  timeoutMs: number,
): Promise<ValidatedPlayer | null | undefined | { limit: string }> {
  const answer = await callServer<{ player: ValidatedPlayer | null }>(
    'POST',
    '/api/players/validate',
    { ...input, companyId: bundle.group.companyId, questionGroupId: bundle.group.id },
    { timeoutMs, headers: await kioskHeaders(db, bundle.group.id) },
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

/**
 * The name to prefill for a player of another company: the one this device holds of its own (typed
 * here, or told to it as a kiosk of a trivia), never the short one a phone was told ("Ana M.").
 */
function ownName(known: KnownPlayer | undefined): { fullName?: string } {
  return known && known.companyId === undefined ? { fullName: known.fullName } : {};
}

export async function identifyPlayer(db: TriviaDb, bundle: PlayBundle, typed: DocumentInput, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Identification> {
  // One person, one identity: the number in its type's canonical form, here as on the server.
  const kind = documentKindIn(bundle, typed.documentTypeId);
  const input = { documentTypeId: typed.documentTypeId, documentNumber: normalizeDocumentNumber(typed.documentNumber, kind) };
  const hash = await documentHash(db, input.documentTypeId, input.documentNumber, kind);
  const online = await validateOnline(db, bundle, input, timeoutMs);
  if (online && 'limit' in online) return { kind: 'limit', message: online.limit };

  if (online) {
    const document = { documentTypeId: input.documentTypeId, documentNumber: input.documentNumber.trim() };
    // A set-up kiosk of the trivia is told the full name and this company's site, and keeps them for offline checks.
    if ('fullName' in online) {
      await rememberPlayer(db, { hash, playerId: online.id, clientId: null, fullName: online.fullName, locationId: online.locationId });
      if (online.fromOtherCompany) return { kind: 'other-company', hash, fullName: online.fullName };
      return { kind: 'known', player: { playerId: online.id, playerClientId: null, fullName: online.fullName, hash, document } };
    }
    // A phone is told the short name and no site: it keeps that the player is of this company.
    if (online.fromOtherCompany) return { kind: 'other-company', hash, ...ownName(await findKnownPlayer(db, hash)) };
    await rememberPlayer(db, { hash, playerId: online.id, clientId: null, fullName: online.shortName, locationId: null, companyId: bundle.group.companyId });
    return { kind: 'known', player: { playerId: online.id, playerClientId: null, fullName: online.shortName, hash, document } };
  }

  const { maxAttempts } = bundle.group;
  const overLimit = async () => maxAttempts > 0 && (await attemptsOnDevice(db, hash, bundle.group.id)) >= maxAttempts;

  const known = await findKnownPlayer(db, hash);
  // The server answered that it does not know this document: a player it knew before was deleted.
  if (!known || (online === null && known.playerId !== null)) return { kind: 'new', hash };
  const inThisCompany = bundle.locations.some((l) => l.id === known.locationId) || (known.locationId === null && known.companyId === bundle.group.companyId);
  if (!inThisCompany) return { kind: 'other-company', hash, ...ownName(known) };
  if (await overLimit()) return { kind: 'limit', message: attemptLimitDetails(maxAttempts) };
  if (known.playerId === null) return { kind: 'known', player: { playerId: null, playerClientId: known.clientId, fullName: known.fullName, hash } };
  // A phone knows the player's id and short name, not their site: the attempt names the player by
  // id and the document typed, and the server credits the document's player when it arrives.
  if (known.locationId === null) {
    const document = { documentTypeId: input.documentTypeId, documentNumber: input.documentNumber.trim() };
    return { kind: 'known', player: { playerId: known.playerId, playerClientId: null, fullName: known.fullName, hash, document } };
  }
  // A server id learned earlier may name nobody, or somebody else, by the time this syncs (a
  // database restore): the attempt names the player by document instead.
  const player = await queueRegistration(db, {
    fullName: known.fullName,
    documentTypeId: input.documentTypeId,
    documentNumber: input.documentNumber,
    locationId: known.locationId!,
    hash,
    keepExisting: true,
  });
  return { kind: 'known', player };
}
