import { ApiError, request } from '../lib/api';
import { ATTEMPT_LIMIT_MESSAGE, type ValidatedPlayer } from '../../contract';
import type { PlayBundle } from '../../contract';
import { isNetworkFailure, reportReachable } from '../offline/connectivity';
import type { PlayerRef, TriviaDb } from '../offline/db';
import { documentHash, findKnownPlayer, rememberPlayer } from '../offline/known-players';
import { attemptsOnDevice } from '../offline/outbox';

export type Identification =
  | { kind: 'known'; player: PlayerRef }
  | { kind: 'new'; hash: string }
  | { kind: 'other-company'; hash: string; fullName: string }
  | { kind: 'limit'; message: string };

export interface DocumentInput {
  documentTypeId: number;
  documentNumber: string;
}

/** What the server says about a document, or `undefined` when it cannot be reached. */
async function validateOnline(bundle: PlayBundle, input: DocumentInput): Promise<ValidatedPlayer | null | undefined | { limit: string }> {
  try {
    const reply = await request<{ player: ValidatedPlayer | null }>('POST', '/api/players/validate', {
      ...input,
      companyId: bundle.group.companyId,
      questionGroupId: bundle.group.id,
    });
    reportReachable(true);
    return reply.player;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
      reportReachable(true);
      if (error.body?.error?.includes(ATTEMPT_LIMIT_MESSAGE) || error.serverMessage.includes(ATTEMPT_LIMIT_MESSAGE)) {
        return { limit: error.serverMessage };
      }
      throw error;
    }
    if (isNetworkFailure(error) || error instanceof ApiError) {
      reportReachable(false);
      return undefined;
    }
    throw error;
  }
}

const limitMessage = (max: number) => `Has alcanzado el máximo de ${max} ${max === 1 ? 'intento' : 'intentos'} para esta trivia.`;

/**
 * The document step (spec "Player flow"): online the server decides; offline, or for a player
 * registered here and not yet synced, the device's salted document hashes do. maxAttempts is
 * also checked against the attempts made on this device, which the server may not have yet.
 */
export async function identifyPlayer(db: TriviaDb, bundle: PlayBundle, input: DocumentInput): Promise<Identification> {
  const hash = await documentHash(db, input.documentTypeId, input.documentNumber);
  const online = await validateOnline(bundle, input);
  if (online && 'limit' in online) return { kind: 'limit', message: online.limit };

  const { maxAttempts } = bundle.group;
  const overLimit = async () => maxAttempts > 0 && (await attemptsOnDevice(db, hash, bundle.group.id)) >= maxAttempts;

  if (online) {
    await rememberPlayer(db, { hash, playerId: online.id, clientId: null, fullName: online.fullName, locationId: online.locationId });
    if (online.fromOtherCompany) return { kind: 'other-company', hash, fullName: online.fullName };
    if (await overLimit()) return { kind: 'limit', message: limitMessage(maxAttempts) };
    return { kind: 'known', player: { playerId: online.id, playerClientId: null, fullName: online.fullName, hash } };
  }

  const known = await findKnownPlayer(db, hash);
  if (!known) return { kind: 'new', hash };
  const inThisCompany = bundle.locations.some((l) => l.id === known.locationId);
  if (!inThisCompany) return { kind: 'other-company', hash, fullName: known.fullName };
  if (await overLimit()) return { kind: 'limit', message: limitMessage(maxAttempts) };
  return {
    kind: 'known',
    player: { playerId: known.playerId, playerClientId: known.playerId === null ? known.clientId : null, fullName: known.fullName, hash },
  };
}
