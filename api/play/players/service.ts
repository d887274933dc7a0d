import type { EntityManager } from 'typeorm';
import { LOCATION_MESSAGE, PLAYER_PROOF_MISMATCH_MESSAGE, PLAYER_PROOF_MISSING_MESSAGE } from '../../../contract';
import { attemptLimit, attemptLimitReached } from './attempt-limit';
import { checkConsent, consentFactsColumns, type ConsentFacts } from '../../content/consent/service';
import { badRequest, forbidden } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { prepared } from '../../../db/prepared-statements';
import { canonicalDocument } from './document-number';

/** The columns of a player the player flow may see, as PostgreSQL returns them. */
export interface PlayerRow {
  id: number;
  full_name: string;
  first_name: string;
  last_name: string;
  document_type_id: number;
  /** Null once an admin erased the player's personal data. */
  document_number: string | null;
  location_id: number | null;
}

const PLAYER_COLUMNS = 'id, full_name, first_name, last_name, document_type_id, document_number, location_id';

export const UNKNOWN_DOCUMENT_TYPE = 'Selecciona un tipo de documento válido';

export interface PlayerRegistration {
  fullName: string;
  documentTypeId: number;
  documentNumber: string;
  locationId: number;
  clientId?: string;
  /** Name an existing player rather than register one: a stored player keeps its name and site. */
  keepExisting?: boolean;
  /** The data-treatment text version agreed to, and when (kept only from a synced registration). */
  consentVersion?: number;
  consentedAt?: string;
}

/** "Laura María Gómez" -> first name "Laura", last name "María Gómez" (column limits kept). */
export function nameParts(fullName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

/** The player of a document, however its number was spelled (`canonicalDocument`). */
export async function findPlayerByDocument(em: EntityManager, documentTypeId: number, documentNumber: string): Promise<PlayerRow | undefined> {
  const canonical = await canonicalDocument(em, { documentTypeId, documentNumber });
  const rows: PlayerRow[] = await em.query(
    prepared(`SELECT ${PLAYER_COLUMNS} FROM players WHERE document_type_id = $1 AND document_number = $2`),
    [canonical.documentTypeId, canonical.documentNumber],
  );
  return rows[0];
}

/**
 * Looks a document up for the player screen. A known player who has used up the trivia's attempts
 * is a 403, so the screen can say so before the player starts. Whether the player is of another
 * company is judged against the trivia's company (the `companyId` sent is taken only for a trivia
 * that does not exist), so a caller cannot name a company to learn whether the player is of it.
 */
export async function validatePlayer(
  em: EntityManager,
  input: { documentTypeId: number; documentNumber: string; companyId: number; questionGroupId: number },
): Promise<{ player: PlayerRow; fromOtherCompany: boolean } | null> {
  const player = await findPlayerByDocument(em, input.documentTypeId, input.documentNumber);
  if (!player) return null;
  const limit = await attemptLimit(em, player.id, input.questionGroupId);
  if (limit?.reached) throw attemptLimitReached(limit.maxAttempts);
  let fromOtherCompany = false;
  if (player.location_id !== null) {
    const [row]: { player_company: number | null; trivia_company: number | null }[] = await em.query(
      prepared(`SELECT (SELECT company_id FROM locations WHERE id = $1) AS player_company, (SELECT company_id FROM question_groups WHERE id = $2) AS trivia_company`),
      [player.location_id, input.questionGroupId],
    );
    fromOtherCompany = row!.player_company !== null && row!.player_company !== (row!.trivia_company ?? input.companyId);
  }
  return { player, fromOtherCompany };
}

/**
 * What a registration refers to, read with the player its clientId already names (if any) and the
 * consent facts of its site's company (for its version) in one statement.
 */
interface RegistrationFacts extends ConsentFacts {
  /** The player of the registration's clientId, seen before (a replay); null otherwise. */
  known: PlayerRow | null;
  type: boolean;
  company_id: number | null;
}

async function readRegistrationFacts(em: EntityManager, registration: PlayerRegistration): Promise<RegistrationFacts> {
  const [row]: (Partial<PlayerRow> & Omit<RegistrationFacts, 'known'>)[] = await em.query(
    prepared(`SELECT EXISTS (SELECT 1 FROM document_types WHERE id = $1) AS type, site.company_id,
              ${consentFactsColumns('site.company_id', '$4::int')}, p.*
       FROM (SELECT (SELECT company_id FROM locations WHERE id = $2) AS company_id) site
       LEFT JOIN (SELECT ${PLAYER_COLUMNS} FROM players WHERE id = (SELECT player_id FROM player_aliases WHERE client_id = $3)) p ON true`),
    [registration.documentTypeId, registration.locationId, registration.clientId ?? null, registration.consentVersion ?? null],
  );
  const { type, company_id, consent_required, consent_text_id, ...player } = row!;
  return { type, company_id, consent_required, consent_text_id, known: player.id == null ? null : (player as PlayerRow) };
}

/**
 * Checks what a registration refers to and returns the site to store. An unknown site is a 400
 * online; a synced registration (played while the site was deleted) is stored with no site.
 */
function checkReferences(found: RegistrationFacts, input: PlayerRegistration, unknownSite: UnknownSite): { locationId: number | null; companyId: number | null } {
  if (!found.type) throw badRequest(UNKNOWN_DOCUMENT_TYPE, { code: 'validation_failed', issues: [{ path: 'documentTypeId', message: UNKNOWN_DOCUMENT_TYPE }] });
  if (found.company_id !== null) return { locationId: input.locationId, companyId: found.company_id };
  if (unknownSite === 'clear') return { locationId: null, companyId: null };
  throw badRequest(LOCATION_MESSAGE, { code: 'validation_failed', issues: [{ path: 'locationId', message: LOCATION_MESSAGE }] });
}

/** What a registration naming a site that no longer exists gets: refused (online) or stored without a site (sync). */
export type UnknownSite = 'refuse' | 'clear';

/** A registration's player, and whether the registration wrote its row (so its transaction holds the row's lock). */
export type RegisteredPlayer = PlayerRow & { written: boolean };

/**
 * One player per document, its number in canonical form (`canonicalDocument`: '01024477501' and
 * '102-4477501' are the cédula 1024477501): a known document moves the player to the
 * registration's site (unless `keepExisting`: a kiosk naming a player it knew, whose stored site
 * stays as it is), and never renames it: whoever knows a document could otherwise rename its
 * player. A different name is
 * recorded as a name change (old, new, `source`) for an admin to apply. A clientId already seen
 * (a replay, or the same kiosk record sent twice) returns the player it named, unchanged; a new
 * clientId is recorded as an alias of the canonical player, so two kiosks that registered the same
 * document offline end up naming one player. A step: it runs in the caller's transaction
 * (registerOnlinePlayer's, or a sync batch's).
 */
export async function registerPlayer(
  em: EntityManager,
  registration: PlayerRegistration,
  unknownSite: UnknownSite = 'refuse',
  source = 'desconocido',
): Promise<RegisteredPlayer> {
  const facts = await readRegistrationFacts(em, registration);
  if (facts.known) return { ...facts.known, written: false };
  const input = await canonicalDocument(em, registration);
  const { locationId, companyId } = checkReferences(facts, input, unknownSite);
  // A kiosk naming a player it knew asks no consent again (see docs/decisions.md, "Consent and erasure").
  const consent = input.keepExisting === true ? null : checkConsent(companyId, facts, input, { channel: unknownSite === 'clear' ? 'sync' : 'online' });
  const { firstName, lastName } = nameParts(input.fullName);
  // The player and, with a clientId, its alias, in one statement.
  const [player]: (PlayerRow & { inserted: boolean })[] = await em.query(
    prepared(`WITH player AS (
       INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id, consent_text_id, consented_at)
       VALUES ($1, $2, $3, $4, $5, $6, $8, $9)
       ON CONFLICT (document_type_id, document_number) DO UPDATE
         SET location_id = CASE WHEN $7 THEN players.location_id ELSE EXCLUDED.location_id END,
             consent_text_id = COALESCE(EXCLUDED.consent_text_id, players.consent_text_id),
             consented_at = CASE WHEN EXCLUDED.consent_text_id IS NULL THEN players.consented_at ELSE EXCLUDED.consented_at END
       RETURNING ${PLAYER_COLUMNS}, (xmax = 0) AS inserted
     ), alias AS (
       INSERT INTO player_aliases (client_id, player_id)
       SELECT $10::uuid, id FROM player WHERE $10::uuid IS NOT NULL
       ON CONFLICT (client_id) DO NOTHING
     )
     SELECT * FROM player`),
    [
      input.fullName,
      firstName,
      lastName,
      input.documentTypeId,
      input.documentNumber,
      locationId,
      input.keepExisting === true,
      consent?.consentTextId ?? null,
      consent?.consentedAt ?? null,
      input.clientId ?? null,
    ],
  );
  const { inserted, ...stored } = player!;
  if (!inserted && input.keepExisting !== true && stored.full_name !== input.fullName) {
    await recordNameChange(em, stored, input.fullName, source);
  }
  return { ...stored, written: true };
}

/** POST /api/players: an online registration (an unknown site is refused), in a transaction of its own. */
export function registerOnlinePlayer(em: EntityManager, input: PlayerRegistration, address: string): Promise<PlayerRow> {
  return em.transaction((tx) => registerPlayer(tx, input, 'refuse', `address ${address}`));
}

/** Keeps a name a registration brought for an admin; the same pending change sent again is recorded once. */
async function recordNameChange(em: EntityManager, player: PlayerRow, newFullName: string, source: string): Promise<void> {
  await em.query(
    `INSERT INTO player_name_changes (player_id, old_full_name, new_full_name, source)
     SELECT $1::int, $2::varchar, $3::varchar, $4::varchar
      WHERE NOT EXISTS (SELECT 1 FROM player_name_changes WHERE player_id = $1 AND new_full_name = $3 AND applied_at IS NULL)`,
    [player.id, player.full_name, newFullName, source.slice(0, 100)],
  );
}

/** How an attempt names its player, and what proves it is the player's own. */
export interface PlayerReference {
  playerId?: number;
  /** The registration's clientId: only the device that registered the player knows it. */
  playerClientId?: string;
  /** The document the player typed: with `playerId`, it must be that player's. */
  documentTypeId?: number;
  documentNumber?: string;
}

export const playerProofInvalid = (message: string) => forbidden(message, { code: 'player_proof_invalid' });

/**
 * The player an attempt names, and whether the attempt proved it is theirs. A registration's
 * clientId (through the alias map) or the player's document proves it; a bare numeric id, which
 * anyone can guess, does not (`proven: false`: the caller refuses it online and holds it when
 * synced). A document that does not match the id is refused online; synced, the document names
 * the player (a restore may have given the id to somebody else), and when no player has it the
 * attempt is treated as a bare id (held), so nothing played is lost.
 */
export async function resolvePlayer(
  em: EntityManager,
  ref: PlayerReference,
  channel: 'online' | 'sync',
): Promise<{ player: PlayerRow; proven: boolean }> {
  if (ref.playerClientId !== undefined) {
    const [player]: PlayerRow[] = await em.query(
      prepared(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = (SELECT player_id FROM player_aliases WHERE client_id = $1)`),
      [ref.playerClientId],
    );
    if (!player) throw missing('player');
    return { player, proven: true };
  }
  if (ref.documentTypeId !== undefined && ref.documentNumber !== undefined) {
    const owner = await findPlayerByDocument(em, ref.documentTypeId, ref.documentNumber);
    if (owner && (owner.id === ref.playerId || channel === 'sync')) return { player: owner, proven: true };
    if (channel === 'online') throw playerProofInvalid(PLAYER_PROOF_MISMATCH_MESSAGE);
  }
  const [player]: PlayerRow[] = await em.query(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = $1`, [ref.playerId]);
  if (!player) throw missing('player');
  if (channel === 'online') throw playerProofInvalid(PLAYER_PROOF_MISSING_MESSAGE);
  return { player, proven: false };
}
