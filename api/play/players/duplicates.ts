import type { EntityManager } from 'typeorm';
import { CANONICAL_DOCUMENT_NUMBER, normalizeDocumentNumber, type DuplicatePlayerGroup, type DuplicateReason } from '../../../contract';
import { IN_SCOPE } from '../../platform/access/object-companies';

/** A player as the duplicates' search reads it: its document and its type, its site and company, how many attempts it has. */
interface DuplicateCandidateRow {
  id: number;
  full_name: string;
  document_type_id: number;
  document_type_code: string;
  numeric: boolean;
  document_number: string;
  location_name: string | null;
  company_id: number | null;
  attempts: number;
  created_at: Date;
}

interface Group {
  reason: DuplicateReason;
  typeId: number | null;
  number: string;
  rows: DuplicateCandidateRow[];
}

const COLUMNS = `p.id, p.full_name, p.document_type_id, t.code AS document_type_code, t.numeric, p.document_number, l.name AS location_name, l.company_id,
         (SELECT count(*)::int FROM player_attempts a WHERE a.player_id = p.id) AS attempts, p.created_at
    FROM players p JOIN document_types t ON t.id = p.document_type_id LEFT JOIN locations l ON l.id = p.location_id`;

/**
 * One document under several spellings: every number written is canonical, so a group holds at
 * least one number stored before the rule (one the migration could not rewrite because it
 * collided). Those are found by the canonical pattern (an index-free scan of the players, an
 * admin's read), their canonical number computed by the rule itself, and the players already
 * holding that number added. Keyed by type and number.
 */
async function sameDocument(em: EntityManager): Promise<Group[]> {
  const stale: DuplicateCandidateRow[] = await em.query(
    `SELECT ${COLUMNS}
      WHERE p.document_number IS NOT NULL AND p.document_number !~ (CASE WHEN t.numeric THEN $1 ELSE $2 END)`,
    [CANONICAL_DOCUMENT_NUMBER.numeric, CANONICAL_DOCUMENT_NUMBER.alphanumeric],
  );
  const groups = new Map<string, Group>();
  for (const row of stale) {
    const number = normalizeDocumentNumber(row.document_number, row);
    if (number === '') continue;
    const key = `${row.document_type_id}:${number}`;
    const group = groups.get(key) ?? { reason: 'same-document', typeId: row.document_type_id, number, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  if (groups.size === 0) return [];
  const list = [...groups.values()];
  const holders: DuplicateCandidateRow[] = await em.query(
    `SELECT ${COLUMNS}
      WHERE (p.document_type_id, p.document_number) IN (SELECT * FROM unnest($1::int[], $2::varchar[]))`,
    [list.map((g) => g.typeId), list.map((g) => g.number)],
  );
  for (const row of holders) groups.get(`${row.document_type_id}:${row.document_number}`)?.rows.push(row);
  return list;
}

/**
 * One number under several document types (CC 1234567 and CE 1234567, a TI and the CC that took
 * its number) at sites of one company (players whose site was deleted are compared among
 * themselves): maybe one person, so an admin is shown them; never merged by itself. PostgreSQL
 * finds the numbers stored under more than one type (one scan, an admin's read); the rows are then
 * grouped by their canonical number under the rule, so two spellings that only look alike as
 * stored never make a group. A number stored before the rule joins once its own group is merged.
 */
async function sameNumberOtherType(em: EntityManager): Promise<Group[]> {
  const rows: DuplicateCandidateRow[] = await em.query(
    `WITH shared AS (
       SELECT p.document_number, l.company_id
         FROM players p LEFT JOIN locations l ON l.id = p.location_id
        WHERE p.document_number IS NOT NULL
        GROUP BY p.document_number, l.company_id
       HAVING count(DISTINCT p.document_type_id) > 1
     )
     SELECT ${COLUMNS}
       JOIN shared s ON s.document_number = p.document_number AND s.company_id IS NOT DISTINCT FROM l.company_id`,
  );
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const number = normalizeDocumentNumber(row.document_number, row);
    if (number === '') continue;
    const key = `${row.company_id ?? 'none'}:${number}`;
    const group = groups.get(key) ?? { reason: 'same-number-other-type', typeId: null, number, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].filter((group) => new Set(group.rows.map((row) => row.document_type_id)).size > 1);
}

const typeCodes = (rows: DuplicateCandidateRow[]) =>
  [...new Set(rows.map((row) => row.document_type_code))].sort((a, b) => a.localeCompare(b)).join(' / ');

/** The groups whose every player has data in `companies` (null: every group). */
async function groupsInScope(em: EntityManager, groups: Group[], companies: number[] | null): Promise<Group[]> {
  if (companies === null || groups.length === 0) return groups;
  const ids = groups.flatMap((group) => group.rows.map((row) => row.id));
  const readable: { id: number }[] = await em.query(`SELECT p.id FROM unnest($1::int[]) AS p(id) WHERE ${IN_SCOPE.playerTouches('p.id', '$2::int[]')}`, [ids, companies]);
  const shown = new Set(readable.map((row) => row.id));
  return groups.filter((group) => group.rows.every((row) => shown.has(row.id)));
}

/**
 * The players "Unir jugadores" shows: one document under several spellings (`same-document`), and
 * one number under several types at one company (`same-number-other-type`); for a member, the
 * groups whose every player has data in their companies (`companies`; null: all). Players oldest
 * first; groups by their types' codes, then number.
 */
export async function listDuplicatePlayers(em: EntityManager, companies: number[] | null): Promise<DuplicatePlayerGroup[]> {
  const found = [...(await sameDocument(em)), ...(await sameNumberOtherType(em))].filter((group) => group.rows.length > 1);
  return (await groupsInScope(em, found, companies))
    .map((group) => ({
      reason: group.reason,
      documentTypeId: group.typeId,
      documentTypeCode: typeCodes(group.rows),
      documentNumber: group.number,
      players: group.rows
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id)
        .map((row) => ({
          id: row.id,
          fullName: row.full_name,
          documentTypeId: row.document_type_id,
          documentTypeCode: row.document_type_code,
          documentNumber: row.document_number,
          location: row.location_name === null ? null : { name: row.location_name },
          attempts: row.attempts,
          createdAt: row.created_at.toISOString(),
        })),
    }))
    .sort((a, b) => a.documentTypeCode.localeCompare(b.documentTypeCode) || a.documentNumber.localeCompare(b.documentNumber));
}
